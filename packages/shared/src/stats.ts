import { z } from 'zod';
import { OPERATORS } from './payments';
import { waitlistEntrySchema } from './waitlist';

const count = z.number().int().min(0);

export const dashboardEventSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  startDateTime: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
  participants: count,
  likes: count,
  views: count,
});
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

/**
 * `GET /api/stats/dashboard`: both shapes (web and mobile) in one object (`events`, `businesses`,
 * `waitlist` … and `waitlistStats`, `totalEvents`, `totalPartners` …).
 */
export const dashboardStatsSchema = z.object({
  events: count,
  businesses: count,
  waitlist: count,
  premiumUsers: count,
  freemiumUsers: count,
  /**
   * Integer francs CFA this calendar month (Africa/Douala): the successful payments paid in it, less
   * the refunds made in it (decision 055). Negative in a month that refunds more than it takes.
   */
  monthlyRevenue: z.number().int(),
  /** True since payments are recorded (issue 28); kept for the clients that showed a note when false. */
  revenueTracked: z.boolean(),
  waitlistStats: z.object({ total: count, pending: count, approved: count, rejected: count }),
  totalEvents: count,
  totalPartners: count,
  /** Published events that have not ended. */
  activeEvents: count,
  /** Accounts with the role user. */
  totalUsers: count,
  recentEvents: z.array(dashboardEventSchema),
  topEvents: z.array(dashboardEventSchema),
  recentWaitlist: z.array(waitlistEntrySchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The months of the statistics' revenue series, the current one included. */
export const REVENUE_MONTHS = 12;

export const STATS_RANGES = [30, 90] as const;
export const statsChartsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((value) => (STATS_RANGES as readonly number[]).includes(value), { message: 'Période invalide (30 ou 90 jours)' })
    .default(30),
});

const labelledCount = z.object({ key: z.string(), count });

/** `GET /api/admin/stats/charts?days=30|90`: the series of the statistics screen, days in Africa/Douala. */
export const statsChartsSchema = z.object({
  days: z.number().int(),
  /** One point per day of the range, oldest first, `date` as YYYY-MM-DD; days without sign-ups count 0. */
  waitlistDaily: z.array(z.object({ date: z.string(), count })),
  /** One point per week (starting Monday) touching the range, oldest first. */
  accountsWeekly: z.array(z.object({ weekStart: z.string(), count })),
  eventsByStatus: z.array(labelledCount),
  eventsByCategory: z.array(labelledCount),
  /**
   * The last 12 Douala months, oldest first, `month` as YYYY-MM, the current one last: `paid` the
   * successful payments paid in the month (FCFA), `refunded` the refunds made in it, `revenue` the
   * difference, as the dashboard's monthly revenue (decision 055).
   */
  revenueMonthly: z.array(
    z.object({ month: z.string(), payments: count, paid: count, refunded: count, revenue: z.number().int() }),
  ),
  /** Successful payments of the same 12 months by operator (every operator, zeros included): number and FCFA. */
  paymentsByOperator: z.array(z.object({ operator: z.enum(OPERATORS), count, amount: count })),
});
export type StatsCharts = z.infer<typeof statsChartsSchema>;
