import { OPERATORS } from '@app/shared/payments';
import { type DashboardEvent, type DashboardStats, REVENUE_MONTHS, type StatsCharts } from '@app/shared/stats';
import type { Database } from '../../db/client';
import { toWaitlistEntry } from '../waitlist/waitlist.service';
import {
  accountsPerWeek,
  dashboardCounts,
  eventsByStatusAndCategory,
  recentEvents,
  recentWaitlist,
  revenueBetween,
  revenuePerMonthAndOperator,
  topEvents,
  waitlistPerDay,
} from './stats.repository';
import { DAY_MS, DOUALA_OFFSET_MS, doualaDate, doualaMidnight, doualaMonth, doualaMonthStart } from '@app/shared/douala-time';

const LIST_SIZE = 5;

type EventRow = Awaited<ReturnType<typeof recentEvents>>[number];

function toDashboardEvent(row: EventRow): DashboardEvent {
  return {
    _id: row.id,
    title: row.title,
    startDateTime: row.startDateTime.toISOString(),
    status: row.status,
    participants: row.participants,
    likes: row.likes,
    views: row.views,
  };
}

/** This Douala month's revenue: paid in it, less refunded in it (decision 055). */
export async function monthRevenue(db: Database, now = new Date()): Promise<number> {
  const { paid, refunded } = await revenueBetween(db, new Date(doualaMonthStart(now)), new Date(doualaMonthStart(now, 1)));
  return paid - refunded;
}

/** The last REVENUE_MONTHS Douala months (oldest first) and their payments by operator. */
export async function revenueSeries(
  db: Database,
  now = new Date(),
): Promise<Pick<StatsCharts, 'revenueMonthly' | 'paymentsByOperator'>> {
  const from = new Date(doualaMonthStart(now, 1 - REVENUE_MONTHS));
  const to = new Date(doualaMonthStart(now, 1));
  const rows = await revenuePerMonthAndOperator(db, from, to);
  const months = Array.from({ length: REVENUE_MONTHS }, (_, index) =>
    doualaMonth(doualaMonthStart(now, index + 1 - REVENUE_MONTHS)),
  );
  const byMonth = new Map(months.map((month) => [month, { month, payments: 0, paid: 0, refunded: 0, revenue: 0 }]));
  const byOperator = new Map(OPERATORS.map((operator) => [operator, { operator, count: 0, amount: 0 }]));
  for (const row of rows) {
    const month = byMonth.get(row.month);
    const operator = byOperator.get(row.operator);
    if (month) {
      month.payments += row.count;
      month.paid += row.amount;
      month.refunded += row.refunded;
    }
    if (operator) {
      operator.count += row.count;
      operator.amount += row.amount;
    }
  }
  for (const month of byMonth.values()) month.revenue = month.paid - month.refunded;
  return { revenueMonthly: [...byMonth.values()], paymentsByOperator: [...byOperator.values()] };
}

/** Every figure is a count or a short ordered list computed by the database. */
export async function dashboardStats(db: Database, now = new Date()): Promise<DashboardStats> {
  const [counts, recent, top, latestWaitlist, revenue] = await Promise.all([
    dashboardCounts(db, now),
    recentEvents(db, LIST_SIZE),
    topEvents(db, LIST_SIZE),
    recentWaitlist(db, LIST_SIZE),
    monthRevenue(db, now),
  ]);
  return {
    events: counts.events.total,
    businesses: counts.partners,
    waitlist: counts.waitlist.total,
    premiumUsers: counts.users.premium,
    freemiumUsers: counts.users.freemium,
    monthlyRevenue: revenue,
    revenueTracked: true,
    waitlistStats: counts.waitlist,
    totalEvents: counts.events.total,
    totalPartners: counts.partners,
    activeEvents: counts.events.active,
    totalUsers: counts.users.total,
    recentEvents: recent.map(toDashboardEvent),
    topEvents: top.map(toDashboardEvent),
    recentWaitlist: latestWaitlist.map(toWaitlistEntry),
  };
}

function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Monday (YYYY-MM-DD) of the local week holding the local day `day`. */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export async function statsCharts(db: Database, days: number, now = new Date()): Promise<StatsCharts> {
  const today = doualaMidnight(now);
  const from = new Date(today - (days - 1) * DAY_MS);
  const firstMonday = mondayOf(doualaDate(from.getTime()));
  const weeksFrom = new Date(Date.parse(`${firstMonday}T00:00:00Z`) - DOUALA_OFFSET_MS);
  const [perDay, perWeek, { byStatus, byCategory }, revenue] = await Promise.all([
    waitlistPerDay(db, from),
    accountsPerWeek(db, weeksFrom),
    eventsByStatusAndCategory(db),
    revenueSeries(db, now),
  ]);

  const dayCounts = new Map(perDay.map((row) => [row.date, row.count]));
  const waitlistDaily = Array.from({ length: days }, (_, index) => {
    const date = doualaDate(from.getTime() + index * DAY_MS);
    return { date, count: dayCounts.get(date) ?? 0 };
  });

  const weekCounts = new Map(perWeek.map((row) => [row.weekStart, row.count]));
  const accountsWeekly: StatsCharts['accountsWeekly'] = [];
  const lastMonday = mondayOf(doualaDate(today));
  for (let week = firstMonday; week <= lastMonday; week = addDays(week, 7)) {
    accountsWeekly.push({ weekStart: week, count: weekCounts.get(week) ?? 0 });
  }

  return { days, waitlistDaily, accountsWeekly, eventsByStatus: byStatus, eventsByCategory: byCategory, ...revenue };
}
