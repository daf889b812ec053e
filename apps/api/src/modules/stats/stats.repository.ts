import { and, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { boundedCount } from '../../db/bounded-count';
import type { Database, Executor } from '../../db/client';
import { rowCountsUnder } from '../../db/row-counts';
import { eventStatusEnum, events, paymentMonthlyTotals, users, waitlistEntries } from '../../db/schema/index';
import { DOUALA_TIME_ZONE, doualaMonth } from '@app/shared/douala-time';

/** The people's time zone: days and weeks of the charts are counted there. */
const TZ = DOUALA_TIME_ZONE;

/** The dashboard's counts of waiting-list entries, events, partners and user accounts. */
export async function dashboardCounts(db: Database, now: Date) {
  const [waitlist, eventStatuses, partners, accounts, activeEvents, lapsed] = await Promise.all([
    rowCountsUnder(db, 'waitlist:'),
    rowCountsUnder(db, 'events:status:'),
    rowCountsUnder(db, 'partners'),
    rowCountsUnder(db, 'users:user:'),
    // Published and not ended depends on the hour, so no trigger can keep it: counted exactly up
    // to 1,000, estimated beyond (decision 013).
    boundedCount(db, events, and(eq(events.status, 'published'), gte(events.endDateTime, now))),
    lapsedPremiums(db, now),
  ]);
  const premium = accounts.byKey.get('premium') ?? 0;
  return {
    waitlist: {
      total: waitlist.total,
      pending: waitlist.byKey.get('pending') ?? 0,
      approved: waitlist.byKey.get('approved') ?? 0,
      rejected: waitlist.byKey.get('rejected') ?? 0,
    },
    events: { total: eventStatuses.total, active: activeEvents },
    partners: partners.total,
    // Premium is the plan while its end has not passed (isPremiumActive): the accounts whose end has
    // passed since the expiry job last ran count as freemium already (decision 055).
    users: {
      total: accounts.total,
      premium: Math.max(0, premium - lapsed),
      freemium: (accounts.byKey.get('freemium') ?? 0) + Math.min(premium, lapsed),
    },
  };
}

/** Events by status (in the order of the statuses) and by category (most first). */
export async function eventsByStatusAndCategory(db: Database) {
  const [{ byKey: byStatus }, { byKey: byCategory }] = await Promise.all([
    rowCountsUnder(db, 'events:status:'),
    rowCountsUnder(db, 'events:category:'),
  ]);
  return {
    byStatus: eventStatusEnum.enumValues
      .filter((status) => byStatus.has(status))
      .map((status) => ({ key: status, count: byStatus.get(status) ?? 0 })),
    byCategory: [...byCategory]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
  };
}

const eventColumns = {
  id: events.id,
  title: events.title,
  startDateTime: events.startDateTime,
  status: events.status,
  participants: events.participantsCount,
  likes: events.likesCount,
  views: events.viewsCount,
};

export function recentEvents(db: Database, limit: number) {
  return db.select(eventColumns).from(events).orderBy(desc(events.createdAt), desc(events.id)).limit(limit);
}

/** Most followed events: participants, then likes, then views. */
export function topEvents(db: Database, limit: number) {
  return db
    .select(eventColumns)
    .from(events)
    .orderBy(desc(events.participantsCount), desc(events.likesCount), desc(events.viewsCount), desc(events.createdAt))
    .limit(limit);
}

export function recentWaitlist(db: Database, limit: number) {
  return db.select().from(waitlistEntries).orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id)).limit(limit);
}

/** Sign-ups per local day since `from`, only the days that have some. */
export function waitlistPerDay(db: Database, from: Date) {
  const day = sql<string>`to_char(${waitlistEntries.createdAt} at time zone ${sql.raw(`'${TZ}'`)}, 'YYYY-MM-DD')`;
  return db
    .select({ date: day, count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(gte(waitlistEntries.createdAt, from))
    .groupBy(day)
    .orderBy(day);
}

/** New accounts (role user) per local week starting Monday, since `from`. */
export function accountsPerWeek(db: Database, from: Date) {
  const week = sql<string>`to_char(date_trunc('week', ${users.createdAt} at time zone ${sql.raw(`'${TZ}'`)}), 'YYYY-MM-DD')`;
  return db
    .select({ weekStart: week, count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(sql`${users.role} = 'user'`, gte(users.createdAt, from)))
    .groupBy(week)
    .orderBy(week);
}

/**
 * Accounts (role user) still on the plan premium whose end has passed: the expiry job moves them
 * back to freemium every few minutes, so they are few; read from users_premium_lapsed_idx only.
 */
export function lapsedPremiumsCount(db: Executor, now: Date) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        // Literals, as in the index's predicate, so the planner matches it whatever the plan cache does.
        sql`${users.role} = 'user' and ${users.plan} = 'premium'`,
        isNotNull(users.premiumUntil),
        lte(users.premiumUntil, now),
      ),
    );
}

export async function lapsedPremiums(db: Database, now: Date): Promise<number> {
  const [row] = await lapsedPremiumsCount(db, now);
  return Number(row?.n ?? 0);
}

/*
 * Revenue (decision 055): a successful payment counts in the Douala month of `paid_at` for its
 * amount (what the payer paid, the referral credit already taken off); a refund counts against the
 * Douala month of `refunded_at` for `refunded_amount`. A refund never rewrites a closed month.
 * Both read the monthly roll-up `payment_monthly_totals`, kept by a trigger on payments (migration
 * 0041): at most two rows a month, whatever the number of payments.
 */

/** The Douala months of [from, to), two month starts: 'YYYY-MM' from (inclusive) to (exclusive). */
function monthsOf(from: Date, to: Date) {
  return and(gte(paymentMonthlyTotals.month, doualaMonth(from)), lt(paymentMonthlyTotals.month, doualaMonth(to)));
}

/** The FCFA paid and refunded in the Douala months of [from, to) (month starts): the roll-up's rows. */
export async function revenueBetween(db: Executor, from: Date, to: Date): Promise<{ paid: number; refunded: number }> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${paymentMonthlyTotals.paidAmount}), 0)::bigint`,
      refunded: sql<string>`coalesce(sum(${paymentMonthlyTotals.refundedAmount}), 0)::bigint`,
    })
    .from(paymentMonthlyTotals)
    .where(monthsOf(from, to));
  return { paid: Number(row?.paid ?? 0), refunded: Number(row?.refunded ?? 0) };
}

/** Payments paid in the Douala months of [from, to) by month and operator (number and FCFA), and the FCFA refunded. */
export function revenuePerMonthAndOperator(db: Executor, from: Date, to: Date) {
  return db
    .select({
      month: paymentMonthlyTotals.month,
      operator: paymentMonthlyTotals.operator,
      count: paymentMonthlyTotals.paidCount,
      amount: paymentMonthlyTotals.paidAmount,
      refunded: paymentMonthlyTotals.refundedAmount,
    })
    .from(paymentMonthlyTotals)
    .where(monthsOf(from, to));
}
