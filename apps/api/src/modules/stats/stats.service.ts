import type { DashboardEvent, DashboardStats, StatsCharts } from '@app/shared/stats';
import type { Database } from '../../db/client';
import { toWaitlistEntry } from '../waitlist/waitlist.service';
import {
  accountsPerWeek,
  dashboardCounts,
  eventsByStatusAndCategory,
  recentEvents,
  recentWaitlist,
  topEvents,
  waitlistPerDay,
} from './stats.repository';
import { DAY_MS, DOUALA_OFFSET_MS, doualaDate, doualaMidnight } from '@app/shared/douala-time';

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

/** Every figure is a count or a short ordered list computed by the database. */
export async function dashboardStats(db: Database, now = new Date()): Promise<DashboardStats> {
  const [counts, recent, top, latestWaitlist] = await Promise.all([
    dashboardCounts(db, now),
    recentEvents(db, LIST_SIZE),
    topEvents(db, LIST_SIZE),
    recentWaitlist(db, LIST_SIZE),
  ]);
  // No payment is recorded yet (the transactions module does not exist): revenue is 0, flagged as untracked.
  const monthlyRevenue = 0;
  return {
    events: counts.events.total,
    businesses: counts.partners,
    waitlist: counts.waitlist.total,
    premiumUsers: counts.users.premium,
    freemiumUsers: counts.users.freemium,
    monthlyRevenue,
    revenueTracked: false,
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
  const [perDay, perWeek, { byStatus, byCategory }] = await Promise.all([
    waitlistPerDay(db, from),
    accountsPerWeek(db, weeksFrom),
    eventsByStatusAndCategory(db),
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

  return { days, waitlistDaily, accountsWeekly, eventsByStatus: byStatus, eventsByCategory: byCategory };
}
