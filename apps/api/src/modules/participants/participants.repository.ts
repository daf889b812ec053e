import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { boundedCount, estimateRows } from '../../db/bounded-count';
import type { Executor, Tx } from '../../db/client';
import { pageIdsOf } from '../../db/page-ids';
import { eventParticipations, eventRemovals, events, users } from '../../db/schema/index';
import { likePattern } from '../../lib/text';

/*
 * The only file of the participants module that talks to the database (decision 044). An event's
 * participants are read from `event_participations_event_created_idx (event_id, created_at desc,
 * user_id desc)`: a page's ids from the index alone, then their accounts by primary key; the
 * total without a search is the event's own counter, with a search a bounded count.
 */

export interface ParticipantsEventRow {
  id: string;
  title: string;
  status: 'draft' | 'published' | 'cancelled';
  organizerId: string | null;
  participantsCount: number;
  maxParticipants: number | null;
}

export async function findParticipantsEvent(db: Executor, id: string): Promise<ParticipantsEventRow | null> {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      organizerId: events.organizerId,
      participantsCount: events.participantsCount,
      maxParticipants: events.maxParticipants,
    })
    .from(events)
    .where(eq(events.id, id))
    .limit(1);
  return row ?? null;
}

/** The accent-free names and username of an account, as `users.search_text` folds them, without its contacts. */
const nameText = sql`translate(lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.username}, '')), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿ', 'aaaaaaeeeeiiiiooooouuuucny')`;

/** How a search reaches the event's participations (see `participationsWhere`). */
export type SearchPath = 'accounts' | 'walk';

/** The planner's estimate of the accounts whose `search_text` holds `query` (no row read). */
export function estimateAccountsMatching(db: Executor, query: string): Promise<number> {
  return estimateRows(db, users, sql`${users.searchText} like ${likePattern(query)}`);
}

/**
 * The participations of the event, of the accounts whose name or username holds `query` (accents
 * and case ignored, as `users.search_text` folds them, but without its e-mail and phone: an
 * organiser cannot find a participant by a contact). Two ways, chosen by the caller from the
 * planner's estimate (decision 044, figures in docs/scaling.md):
 * - `accounts`, for a word fewer accounts hold than the event has participants: the accounts from
 *   the trigram index of `search_text`, each checked on its names, then their participation by the
 *   primary key (event_id, user_id);
 * - `walk`, for a common word: the event's participations in the list's order, each account's
 *   names read by a correlated subquery (one primary-key lookup each), never a hash of the
 *   accounts the word matches.
 */
export function participationsWhere(eventId: string, query: string, path: SearchPath = 'walk'): SQL {
  const ofEvent = eq(eventParticipations.eventId, eventId);
  if (!query) return ofEvent;
  const pattern = likePattern(query);
  if (path === 'accounts') {
    const found = sql`${eventParticipations.userId} in (select ${users.id} from ${users} where ${users.searchText} like ${pattern} and ${nameText} like ${pattern})`;
    return and(ofEvent, found) as SQL;
  }
  const name = sql`(select ${nameText} from ${users} where ${users.id} = ${eventParticipations.userId})`;
  return and(ofEvent, sql`${name} like ${pattern}`) as SQL;
}

export interface ParticipantRow {
  userId: string;
  firstName: string;
  lastName: string;
  username: string | null;
  avatar: string | null;
  joinedAt: Date;
}

const participantColumns = {
  userId: eventParticipations.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  avatar: users.avatar,
  joinedAt: eventParticipations.createdAt,
};

const newestFirst = [desc(eventParticipations.createdAt), desc(eventParticipations.userId)];

/** One page, newest first: its user ids from the index alone, then their accounts. */
export async function listParticipants(
  db: Executor,
  eventId: string,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<ParticipantRow[]> {
  const ids = pageIdsOf(db, eventParticipations.userId, where, newestFirst, page);
  return db
    .select(participantColumns)
    .from(eventParticipations)
    .innerJoin(users, eq(users.id, eventParticipations.userId))
    .where(and(eq(eventParticipations.eventId, eventId), inArray(eventParticipations.userId, ids)))
    .orderBy(...newestFirst);
}

export function countParticipants(db: Executor, where: SQL): Promise<number> {
  return boundedCount(db, eventParticipations, where);
}

/**
 * Every participant, newest first, `batch` at a time, each batch after the last row of the one
 * before (keyset on the index: the 10,000th row costs what the first does).
 */
export async function* iterateParticipants(db: Executor, eventId: string, batch = 1000): AsyncGenerator<ParticipantRow[]> {
  let after: { joinedAt: Date; userId: string } | null = null;
  for (;;) {
    const rows: ParticipantRow[] = await db
      .select(participantColumns)
      .from(eventParticipations)
      .innerJoin(users, eq(users.id, eventParticipations.userId))
      .where(
        and(
          eq(eventParticipations.eventId, eventId),
          after
            ? or(
                lt(eventParticipations.createdAt, after.joinedAt),
                and(eq(eventParticipations.createdAt, after.joinedAt), lt(eventParticipations.userId, after.userId)),
              )
            : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(batch);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    after = { joinedAt: last.joinedAt, userId: last.userId };
  }
}

/** Removes the participation; its creation time (its day in the statistics), null when there was none. */
export async function deleteParticipationOf(tx: Tx, eventId: string, userId: string): Promise<Date | null> {
  const [row] = await tx
    .delete(eventParticipations)
    .where(and(eq(eventParticipations.eventId, eventId), eq(eventParticipations.userId, userId)))
    .returning({ createdAt: eventParticipations.createdAt });
  return row?.createdAt ?? null;
}

/** Remembers the removal: the person may not join again (decision 044). */
export async function insertRemoval(tx: Tx, eventId: string, userId: string, removedBy: string): Promise<void> {
  await tx.insert(eventRemovals).values({ eventId, userId, removedBy }).onConflictDoNothing();
}

export async function wasRemoved(db: Executor, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(eventRemovals)
    .where(and(eq(eventRemovals.eventId, eventId), eq(eventRemovals.userId, userId)))
    .limit(1);
  return !!row;
}

/** Who to tell, and how to greet them. */
export async function findContact(db: Executor, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The people removed from the event, most recently first, a page at a time. Read by the primary
 * key's prefix (event_id): an event's removals are few (each one an organiser's act), sorted in
 * memory; no index of their own.
 */
export async function listRemovals(db: Executor, eventId: string, page: { limit: number; offset: number }) {
  return db
    .select({
      userId: eventRemovals.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      avatar: users.avatar,
      removedAt: eventRemovals.createdAt,
    })
    .from(eventRemovals)
    .innerJoin(users, eq(users.id, eventRemovals.userId))
    .where(eq(eventRemovals.eventId, eventId))
    .orderBy(desc(eventRemovals.createdAt), desc(eventRemovals.userId))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRemovals(db: Executor, eventId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(eventRemovals)
    .where(eq(eventRemovals.eventId, eventId));
  return Number(row?.count ?? 0);
}

/** Lets the person join again; when they were removed, the removal's time, else null. */
export async function deleteRemoval(tx: Tx, eventId: string, userId: string): Promise<Date | null> {
  const [row] = await tx
    .delete(eventRemovals)
    .where(and(eq(eventRemovals.eventId, eventId), eq(eventRemovals.userId, userId)))
    .returning({ createdAt: eventRemovals.createdAt });
  return row?.createdAt ?? null;
}
