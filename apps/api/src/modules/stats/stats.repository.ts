import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { boundedCount } from '../../db/bounded-count';
import type { Database } from '../../db/client';
import { rowCountsUnder } from '../../db/row-counts';
import { eventStatusEnum, events, users, waitlistEntries } from '../../db/schema/index';
import { DOUALA_TIME_ZONE } from '@app/shared/douala-time';

/** The people's time zone: days and weeks of the charts are counted there. */
const TZ = DOUALA_TIME_ZONE;

/** The dashboard's counts of waiting-list entries, events, partners and user accounts. */
export async function dashboardCounts(db: Database, now: Date) {
  const [waitlist, eventStatuses, partners, accounts, activeEvents] = await Promise.all([
    rowCountsUnder(db, 'waitlist:'),
    rowCountsUnder(db, 'events:status:'),
    rowCountsUnder(db, 'partners'),
    rowCountsUnder(db, 'users:user:'),
    // Published and not ended depends on the hour, so no trigger can keep it: counted exactly up
    // to 1,000, estimated beyond (decision 013).
    boundedCount(db, events, and(eq(events.status, 'published'), gte(events.endDateTime, now))),
  ]);
  return {
    waitlist: {
      total: waitlist.total,
      pending: waitlist.byKey.get('pending') ?? 0,
      approved: waitlist.byKey.get('approved') ?? 0,
      rejected: waitlist.byKey.get('rejected') ?? 0,
    },
    events: { total: eventStatuses.total, active: activeEvents },
    partners: partners.total,
    users: { total: accounts.total, premium: accounts.byKey.get('premium') ?? 0, freemium: accounts.byKey.get('freemium') ?? 0 },
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
