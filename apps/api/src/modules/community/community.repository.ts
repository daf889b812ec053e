import type { Cursor } from '@app/shared/common';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { afterCursor, cursorKeyOf, type KeysetOrder, orderOfKeyset } from '../../db/keyset';
import { pageIdsOf } from '../../db/page-ids';
import type { AccountActivity } from '../audit/record-write';
import {
  activities,
  eventComments,
  eventImages,
  eventLikes,
  eventParticipations,
  events,
  eventViews,
  users,
} from '../../db/schema/index';

/*
 * The only file of the community module that talks to the database. Every counter on `events`
 * moves in the same transaction as its row, and only when a row was really inserted or deleted
 * (`… on conflict do nothing returning`, `delete … returning`), so counters equal rows.
 */

export interface CommunityEvent {
  id: string;
  title: string;
  status: 'draft' | 'published' | 'cancelled';
  isPublic: boolean;
  organizerId: string | null;
  /** Compared with the caller's link (event-visibility), never sent. */
  shareToken: string;
  maxParticipants: number | null;
  participantsCount: number;
  commentsCount: number;
  likesCount: number;
  viewsCount: number;
}

const eventColumns = {
  id: events.id,
  title: events.title,
  status: events.status,
  isPublic: events.isPublic,
  organizerId: events.organizerId,
  shareToken: events.shareToken,
  maxParticipants: events.maxParticipants,
  participantsCount: events.participantsCount,
  commentsCount: events.commentsCount,
  likesCount: events.likesCount,
  viewsCount: events.viewsCount,
};

export async function findCommunityEvent(db: Executor, id: string): Promise<CommunityEvent | null> {
  const [row] = await db.select(eventColumns).from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

// ─── participations ──────────────────────────────────────────────────────────────────────────

/** Inserts the participation once: its creation time, null when the caller already takes part. */
export async function insertParticipation(tx: Tx, eventId: string, userId: string): Promise<Date | null> {
  const [row] = await tx
    .insert(eventParticipations)
    .values({ eventId, userId })
    .onConflictDoNothing()
    .returning({ createdAt: eventParticipations.createdAt });
  return row?.createdAt ?? null;
}

/**
 * Takes one seat: a single conditional UPDATE, so 50 people joining the last seat at once take it
 * once (PostgreSQL re-checks the WHERE on the row it waited for). Null when full or not published.
 */
export async function takeSeat(tx: Tx, eventId: string): Promise<number | null> {
  const [row] = await tx
    .update(events)
    .set({ participantsCount: sql`${events.participantsCount} + 1` })
    .where(
      and(
        eq(events.id, eventId),
        eq(events.status, 'published'),
        or(isNull(events.maxParticipants), lt(events.participantsCount, events.maxParticipants)),
      ),
    )
    .returning({ count: events.participantsCount });
  return row?.count ?? null;
}

/** Withdraws; the participation's creation time (its day in the statistics), null when there was none. */
export async function deleteParticipation(tx: Tx, eventId: string, userId: string): Promise<Date | null> {
  const [row] = await tx
    .delete(eventParticipations)
    .where(and(eq(eventParticipations.eventId, eventId), eq(eventParticipations.userId, userId)))
    .returning({ createdAt: eventParticipations.createdAt });
  return row?.createdAt ?? null;
}

type CounterColumn = 'participantsCount' | 'commentsCount' | 'likesCount' | 'viewsCount';

/** Moves one counter of an event by `delta` and answers its new value. */
export async function bumpCounter(tx: Executor, eventId: string, column: CounterColumn, delta: number): Promise<number> {
  const [row] = await tx
    .update(events)
    .set({ [column]: sql`greatest(${events[column]} + ${delta}, 0)` })
    .where(eq(events.id, eventId))
    .returning({ count: events[column] });
  return row?.count ?? 0;
}

export async function isParticipating(db: Executor, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(eventParticipations)
    .where(and(eq(eventParticipations.eventId, eventId), eq(eventParticipations.userId, userId)))
    .limit(1);
  return !!row;
}

// ─── comments ────────────────────────────────────────────────────────────────────────────────

export type CommentRow = typeof eventComments.$inferSelect;

export async function insertComment(tx: Tx, values: { eventId: string; userId: string; text: string }): Promise<CommentRow> {
  const [row] = await tx.insert(eventComments).values(values).returning();
  if (!row) throw new Error('comment not inserted');
  return row;
}

export async function findComment(db: Executor, eventId: string, commentId: string): Promise<CommentRow | null> {
  const [row] = await db
    .select()
    .from(eventComments)
    .where(and(eq(eventComments.id, commentId), eq(eventComments.eventId, eventId)))
    .limit(1);
  return row ?? null;
}

/** Deletes the comment (its activity goes with it, by cascade); false when already gone. */
export async function deleteComment(tx: Tx, commentId: string): Promise<boolean> {
  const rows = await tx.delete(eventComments).where(eq(eventComments.id, commentId)).returning({ id: eventComments.id });
  return rows.length > 0;
}

const authorColumns = {
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorUsername: users.username,
  authorAvatar: users.avatar,
};

/**
 * Newest first, served by `event_comments_event_idx`; the total is the event's counter. The page's
 * ids first, then their authors: joined before the page is cut, a deep page of a much commented
 * event hashes the whole users table (figures: docs/scaling.md, 'Figures behind the code').
 */
export async function listComments(db: Executor, eventId: string, page: { limit: number; offset: number }, after?: Cursor) {
  const keyset: KeysetOrder = { key: eventComments.createdAt, id: eventComments.id, direction: 'desc' };
  const order = orderOfKeyset(keyset);
  const where = and(eq(eventComments.eventId, eventId), after && afterCursor(keyset, after));
  const pageIds = pageIdsOf(db, eventComments.id, where, order, page);
  return db
    .select({ comment: eventComments, ...authorColumns, cursorKey: cursorKeyOf(eventComments.createdAt) })
    .from(eventComments)
    .innerJoin(users, eq(users.id, eventComments.userId))
    .where(inArray(eventComments.id, pageIds))
    .orderBy(...order);
}

// ─── likes ───────────────────────────────────────────────────────────────────────────────────

/** Likes once: the like's creation time, null when the caller already likes it. */
export async function insertLike(tx: Tx, eventId: string, userId: string): Promise<Date | null> {
  const [row] = await tx
    .insert(eventLikes)
    .values({ eventId, userId })
    .onConflictDoNothing()
    .returning({ createdAt: eventLikes.createdAt });
  return row?.createdAt ?? null;
}

export async function isLiking(db: Executor, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(eventLikes)
    .where(and(eq(eventLikes.eventId, eventId), eq(eventLikes.userId, userId)))
    .limit(1);
  return !!row;
}

/** Unlikes; the like's creation time (its day in the statistics), null when there was none. */
export async function deleteLike(tx: Tx, eventId: string, userId: string): Promise<Date | null> {
  const [row] = await tx
    .delete(eventLikes)
    .where(and(eq(eventLikes.eventId, eventId), eq(eventLikes.userId, userId)))
    .returning({ createdAt: eventLikes.createdAt });
  return row?.createdAt ?? null;
}

/** The like's activity leaves with the like. */
export async function deleteLikeActivity(tx: Tx, eventId: string, userId: string): Promise<void> {
  await tx
    .delete(activities)
    .where(and(eq(activities.userId, userId), eq(activities.eventId, eventId), eq(activities.type, 'like')));
}

// ─── views ───────────────────────────────────────────────────────────────────────────────────

/**
 * Counts a view once per viewer, event and day. An anonymous viewer (`addressPrefix`) counts only
 * while fewer than `perAddress` viewers of its address counted for this event today; the
 * transaction holds a lock on (event, day, address) so parallel requests cannot pass the cap.
 */
export async function insertView(
  tx: Tx,
  eventId: string,
  viewer: { key: string; addressPrefix: string | null },
  day: string,
  perAddress: number,
): Promise<boolean> {
  if (viewer.addressPrefix !== null) {
    const prefix = viewer.addressPrefix;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`view|${eventId}|${day}|${prefix}`}, 0))`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(eventViews)
      .where(
        and(
          eq(eventViews.eventId, eventId),
          eq(eventViews.day, day),
          sql`left(${eventViews.viewer}, ${prefix.length}) = ${prefix}`,
        ),
      );
    if (Number(row?.n ?? 0) >= perAddress) return false;
  }
  const rows = await tx
    .insert(eventViews)
    .values({ eventId, viewer: viewer.key, day })
    .onConflictDoNothing()
    .returning({ eventId: eventViews.eventId });
  return rows.length > 0;
}

// ─── accounts ────────────────────────────────────────────────────────────────────────────────

export async function listActivities(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}

/** What an account did, each count served by an index on the user's id. */
export async function countUserCommunity(db: Executor, userId: string) {
  const [row] = await db
    .select({
      events: sql<number>`(select count(*) from ${events} where ${events.organizerId} = ${userId})::int`,
      participations: sql<number>`(select count(*) from ${eventParticipations} where ${eventParticipations.userId} = ${userId})::int`,
      comments: sql<number>`(select count(*) from ${eventComments} where ${eventComments.userId} = ${userId})::int`,
      likes: sql<number>`(select count(*) from ${eventLikes} where ${eventLikes.userId} = ${userId})::int`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { events: 0, participations: 0, comments: 0, likes: 0 };
}

/**
 * Before an account is deleted (its rows go by cascade): takes its participations, comments
 * and likes off the events' counters, in the caller's transaction.
 */
export async function releaseCountersOf(tx: Tx, userId: string): Promise<void> {
  const tables = [
    { table: eventParticipations, column: 'participants_count' },
    { table: eventComments, column: 'comments_count' },
    { table: eventLikes, column: 'likes_count' },
  ] as const;
  for (const { table, column } of tables) {
    await tx.execute(sql`
      update ${events} set ${sql.raw(column)} = greatest(${sql.raw(column)} - mine.n, 0)
      from (select ${table.eventId} as event_id, count(*)::int as n from ${table} where ${table.userId} = ${userId} group by 1) as mine
      where ${events.id} = mine.event_id`);
  }
}

function quoted(title: string): string {
  return `« ${title.length > 80 ? `${title.slice(0, 79)}…` : title} »`;
}

/** The account's activity line of an event's creation, recorded by the events module in its transaction. */
export function eventCreatedActivity(userId: string, event: { id: string; title: string }): AccountActivity {
  return { userId, type: 'event', eventId: event.id, description: `A créé l’évènement ${quoted(event.title)}` };
}

export interface ParticipationRow {
  joinedAt: Date;
  id: string;
  title: string;
  shortId: string;
  startDateTime: Date;
  endDateTime: Date;
  address: string;
  city: string;
  isPublic: boolean;
  shareToken: string;
  status: 'draft' | 'published' | 'cancelled';
  cover: { cardKey: string; width: number; height: number } | null;
}

/**
 * One page of the events an account takes part in, drafts left out: those not over yet, soonest
 * first, or those over, latest first. Read from the account's participations (a person's own few
 * hundred at most), one row more than the page to tell whether another follows.
 */
export async function listParticipationsOf(
  db: Executor,
  userId: string,
  period: 'upcoming' | 'past',
  now: Date,
  page: { limit: number; offset: number },
): Promise<ParticipationRow[]> {
  const cover = sql<ParticipationRow['cover']>`(
    select json_build_object('cardKey', ${eventImages.cardKey}, 'width', ${eventImages.width}, 'height', ${eventImages.height})
    from ${eventImages} where ${eventImages.eventId} = ${events.id} order by ${eventImages.position} limit 1)`;
  return db
    .select({
      joinedAt: eventParticipations.createdAt,
      id: events.id,
      title: events.title,
      shortId: events.shortId,
      startDateTime: events.startDateTime,
      endDateTime: events.endDateTime,
      address: events.address,
      city: events.city,
      isPublic: events.isPublic,
      shareToken: events.shareToken,
      status: events.status,
      cover,
    })
    .from(eventParticipations)
    .innerJoin(events, eq(events.id, eventParticipations.eventId))
    .where(
      and(
        eq(eventParticipations.userId, userId),
        ne(events.status, 'draft'),
        period === 'upcoming' ? gte(events.endDateTime, now) : lt(events.endDateTime, now),
      ),
    )
    .orderBy(
      ...(period === 'upcoming' ? [asc(events.startDateTime), asc(events.id)] : [desc(events.startDateTime), desc(events.id)]),
    )
    .limit(page.limit + 1)
    .offset(page.offset);
}
