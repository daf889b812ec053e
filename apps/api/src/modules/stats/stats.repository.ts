import { and, desc, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, partners, users, waitlistEntries } from '../../db/schema/index';
import { DOUALA_TIME_ZONE } from '@app/shared/douala-time';

/** The people's time zone: days and weeks of the charts are counted there. */
const TZ = DOUALA_TIME_ZONE;

export async function countWaitlist(db: Database) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${waitlistEntries.status} = 'pending'))::int`,
      approved: sql<number>`(count(*) filter (where ${waitlistEntries.status} = 'approved'))::int`,
      rejected: sql<number>`(count(*) filter (where ${waitlistEntries.status} = 'rejected'))::int`,
    })
    .from(waitlistEntries);
  return row ?? { total: 0, pending: 0, approved: 0, rejected: 0 };
}

export async function countEvents(db: Database, now: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${events.status} = 'published' and ${events.endDateTime} >= ${now.toISOString()}::timestamptz))::int`,
    })
    .from(events);
  return row ?? { total: 0, active: 0 };
}

export async function countPartners(db: Database): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(partners);
  return row?.total ?? 0;
}

/** Accounts with the role user, by plan. */
export async function countUsersByPlan(db: Database) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      premium: sql<number>`(count(*) filter (where ${users.plan} = 'premium'))::int`,
      freemium: sql<number>`(count(*) filter (where ${users.plan} = 'freemium'))::int`,
    })
    .from(users)
    .where(sql`${users.role} = 'user'`);
  return row ?? { total: 0, premium: 0, freemium: 0 };
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

export function eventsByStatus(db: Database) {
  return db
    .select({ key: sql<string>`${events.status}::text`, count: sql<number>`count(*)::int` })
    .from(events)
    .groupBy(events.status)
    .orderBy(events.status);
}

export function eventsByCategory(db: Database) {
  return db
    .select({ key: events.category, count: sql<number>`count(*)::int` })
    .from(events)
    .groupBy(events.category)
    .orderBy(desc(sql`count(*)`), events.category);
}
