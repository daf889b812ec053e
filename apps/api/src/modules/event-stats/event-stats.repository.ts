import { doualaDate } from '@app/shared/douala-time';
import type { ViewSource } from '@app/shared/event-stats';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { eventComments, eventDailyStats, eventLikes, eventParticipations, events, users } from '../../db/schema/index';

/*
 * The daily roll-up of an event's statistics (decision 040). Every write moves one row
 * (event, Douala day) in the transaction of the fact it counts, always after the event's own
 * counter (`events` row first, then the day's row: one lock order, so concurrent likes and
 * comments cannot deadlock); reading an event's statistics is one range read of the primary key.
 */

type DailyColumn = 'views' | 'visitors' | 'participants' | 'likes' | 'comments';
const SOURCE_COLUMN = {
  whatsapp: 'srcWhatsapp',
  facebook: 'srcFacebook',
  direct: 'srcDirect',
  referral: 'srcReferral',
  other: 'srcOther',
} as const satisfies Record<ViewSource, keyof typeof eventDailyStats.$inferSelect>;
type RollUpColumn = DailyColumn | (typeof SOURCE_COLUMN)[ViewSource];

/** Adds `deltas` to the (event, day) row, made when missing; never below 0. */
export async function bumpDaily(
  tx: Executor,
  eventId: string,
  day: string,
  deltas: Partial<Record<RollUpColumn, number>>,
): Promise<void> {
  const entries = Object.entries(deltas).filter(([, delta]) => delta) as [RollUpColumn, number][];
  if (entries.length === 0) return;
  const values: Partial<Record<RollUpColumn, number>> = {};
  const set: Record<string, ReturnType<typeof sql>> = {};
  for (const [column, delta] of entries) {
    values[column] = Math.max(delta, 0);
    set[column] = sql`greatest(${eventDailyStats[column]} + ${delta}, 0)`;
  }
  await tx
    .insert(eventDailyStats)
    .values({ eventId, day, ...values })
    .onConflictDoUpdate({ target: [eventDailyStats.eventId, eventDailyStats.day], set });
}

/** A display of the event page; `counted` when it was the viewer's first of the day (a visitor). */
export async function recordDailyView(tx: Tx, eventId: string, day: string, counted: false | ViewSource): Promise<void> {
  await bumpDaily(tx, eventId, day, counted ? { views: 1, visitors: 1, [SOURCE_COLUMN[counted]]: 1 } : { views: 1 });
}

/** A participation, like or comment created (+1) or removed (−1): the day it was created. */
export async function recordDailyFact(
  tx: Tx,
  eventId: string,
  column: 'participants' | 'likes' | 'comments',
  createdAt: Date,
  delta: 1 | -1,
): Promise<void> {
  await bumpDaily(tx, eventId, doualaDate(createdAt), { [column]: delta });
}

const doualaDay = (column: unknown) => sql`((${column} at time zone 'UTC') + interval '1 hour')::date`;

/**
 * Before an account is deleted (its rows go by cascade): takes its participations, likes and
 * comments off the days they were created, in the caller's transaction (as releaseCountersOf).
 */
export async function releaseDailyOf(tx: Tx, userId: string): Promise<void> {
  const tables = [
    { table: eventParticipations, column: 'participants' },
    { table: eventComments, column: 'comments' },
    { table: eventLikes, column: 'likes' },
  ] as const;
  for (const { table, column } of tables) {
    await tx.execute(sql`
      update ${eventDailyStats} set ${sql.raw(column)} = greatest(${sql.raw(column)} - mine.n, 0)
      from (select ${table.eventId} as event_id, ${doualaDay(table.createdAt)} as day, count(*)::int as n
            from ${table} where ${table.userId} = ${userId} group by 1, 2) as mine
      where ${eventDailyStats.eventId} = mine.event_id and ${eventDailyStats.day} = mine.day`);
  }
}

/** The event and its organiser's plan, for the owner check and the premium gate. */
export async function findStatsEvent(db: Executor, eventId: string) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      organizerId: events.organizerId,
      plan: users.plan,
      premiumUntil: users.premiumUntil,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.organizerId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

export type DailyRow = typeof eventDailyStats.$inferSelect;

/** The event's days, oldest first: one range read of the primary key (event_id, day). */
export async function readDaily(db: Executor, eventId: string): Promise<DailyRow[]> {
  return db.select().from(eventDailyStats).where(eq(eventDailyStats.eventId, eventId)).orderBy(asc(eventDailyStats.day));
}
