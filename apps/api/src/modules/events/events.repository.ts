import { containsCondition, signatureMask } from '../../db/contains-condition';
import { and, asc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Cursor } from '@app/shared/common';
import type { EventCategory, EventStatus } from '@app/shared/events';
import { boundedCount } from '../../db/bounded-count';
import { pageAndTotal } from '../../db/page-and-total';
import { perDatabase } from '../../db/per-database';
import type { Database, Executor, Tx } from '../../db/client';
import { afterCursor, cursorKeyOf, type KeysetOrder, orderOfKeyset, pageWithNext } from '../../db/keyset';
import { eventImages, events, eventTicketTypes, partners, users } from '../../db/schema/index';
import { countRunningOrLater, runningOrLater, runningOrLaterIds } from '../../db/running-or-later';
import { signatureWalkCondition, walked, walkedPubliclyListed } from '../../db/signature-walk';
import { imagePreviewKey } from '../uploads/uploads.storage';
import { pendingApprovalCondition } from './event-approval.repository';
import { type ListVisibility, listCondition } from './event-visibility';

export type EventRow = typeof events.$inferSelect;
export type EventInsert = typeof events.$inferInsert;
export type TicketTypeRow = typeof eventTicketTypes.$inferSelect;
export type ImageRow = typeof eventImages.$inferSelect;

export type EventWithCreator = EventRow & { creatorName: string | null };

export interface EventListFilter {
  q?: string;
  status: EventStatus | 'all';
  category: EventCategory | 'all';
  /** Bounds computed by the service in Africa/Douala time. */
  date: { kind: 'all' } | { kind: 'upcoming' | 'past'; now: Date } | { kind: 'today'; from: Date; to: Date };
  visibility: ListVisibility;
  /** The 'À approuver' queue (pendingApprovalCondition); `closed` while approval is not required: nothing waits. */
  approval?: 'pending' | 'closed';
  /** Keyset instead of the page's offset (decision 069). */
  after?: Cursor;
}

/** The partner's name for an event organised on its behalf, else the organiser's name. */
export const creatorName = sql<
  string | null
>`coalesce(${partners.name}, nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''))`;

function dateCondition(date: EventListFilter['date']): SQL | undefined {
  switch (date.kind) {
    case 'all':
      return undefined;
    case 'upcoming':
      return gte(events.startDateTime, date.now);
    case 'past':
      // Redundant for valid rows (an event ends after it starts), so the newest-first read of the
      // start index begins at `now` instead of walking every future event first.
      return and(lt(events.endDateTime, date.now), lt(events.startDateTime, date.now));
    case 'today':
      // Any event taking place during the Douala day, including one that started earlier.
      return runningOrLater(date);
  }
}

function keysetOf(date: EventListFilter['date']): KeysetOrder {
  if (date.kind === 'upcoming' || date.kind === 'today') return { key: events.startDateTime, id: events.id, direction: 'asc' };
  if (date.kind === 'past') return { key: events.startDateTime, id: events.id, direction: 'desc' };
  return { key: events.createdAt, id: events.id, direction: 'desc' };
}

/**
 * The events of `ids` with their creators and covers (the first image), in no order: one query,
 * prepared once per database (no SQL built or planned again per request: issue 31 item 3).
 */
const eventsByIdsQuery = perDatabase((db: Database) => {
  const cover = db
    .select()
    .from(eventImages)
    .where(and(eq(eventImages.eventId, events.id), eq(eventImages.position, 0)))
    .limit(1)
    .as('cover');
  return db
    .select({
      event: events,
      creatorName,
      cover: {
        id: cover.id,
        eventId: cover.eventId,
        position: cover.position,
        cardKey: cover.cardKey,
        mediumKey: cover.mediumKey,
        detailKey: cover.detailKey,
        width: cover.width,
        height: cover.height,
        createdAt: cover.createdAt,
      },
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.organizerId))
    .leftJoin(partners, eq(partners.id, events.partnerId))
    .leftJoinLateral(cover, sql`true`)
    .where(sql`${events.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('events_by_ids');
});

async function eventsByIds(db: Database, ids: string[]) {
  return ids.length === 0 ? [] : eventsByIdsQuery(db).execute({ ids });
}

/**
 * One page (`limit` rows from the page number, or after the cursor), the cursor of the next one,
 * the total (exact up to 1000, else estimated: decision 013). The page's ids are read first (from
 * an index in order, even deep, neither fetching nor joining the rows skipped), then their rows,
 * creators and covers (eventsByIds).
 */
export async function listEvents(
  db: Database,
  filter: EventListFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: EventWithCreator[]; covers: Map<string, ImageRow>; total: number; next: string | null }> {
  const search = filter.q ? await containsCondition(db, events, events.searchText, filter.q) : undefined;
  const matching = and(
    listCondition(filter.visibility),
    search,
    filter.status === 'all' ? undefined : eq(events.status, filter.status),
    filter.category === 'all' ? undefined : eq(events.category, filter.category),
    filter.approval === 'pending' ? pendingApprovalCondition() : filter.approval === 'closed' ? sql`false` : undefined,
  );
  const where = and(matching, dateCondition(filter.date));
  const keyset = keysetOf(filter.date);
  const order = orderOfKeyset(keyset);
  // One row more than the page, to know whether another page follows.
  const page = { limit: window.limit + 1, offset: window.offset };
  const idsOf = (executor: Executor) => {
    const ids = executor.select({ id: events.id, cursorKey: cursorKeyOf(keyset.key) }).from(events);
    if (filter.date.kind === 'today' && !filter.after) {
      return ids.where(sql`${events.id} in (${runningOrLaterIds(matching, filter.date, page)})`).orderBy(...order);
    }
    return ids
      .where(filter.after ? and(where, afterCursor(keyset, filter.after)) : where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  };
  const { rows: read, total } = await pageAndTotal(db, {
    search: search && { table: events, condition: search },
    page: idsOf,
    walk: signatureWalk(filter, where, keyset, page),
    count: (executor) =>
      filter.date.kind === 'today' ? countRunningOrLater(executor, matching, filter.date) : boundedCount(executor, events, where),
    window: page,
  });
  const { rows: shown, next } = pageWithNext(read, window.limit, (row) => ({ micros: row.cursorKey, id: row.id }));
  const found = new Map(
    (
      await eventsByIds(
        db,
        shown.map((row) => row.id),
      )
    ).map((row) => [row.event.id, row]),
  );
  const rows: EventWithCreator[] = [];
  const covers = new Map<string, ImageRow>();
  for (const { id } of shown) {
    const row = found.get(id);
    // An event deleted between the two reads is left out of the page.
    if (!row) continue;
    rows.push({ ...row.event, creatorName: row.creatorName });
    if (row.cover) covers.set(id, row.cover);
  }
  return { rows, covers, total, next };
}

/**
 * The page of a searched list newest first, everyone's events or the public ones, by a walk of
 * their index that tests the rows' signatures on it (signature-walk.ts); undefined for the other
 * lists (an organiser's events, by date; filtered by status, category or approval, which their own
 * indexes serve and the signature's do not hold), and for a search without a word of three letters.
 */
function signatureWalk(
  filter: EventListFilter,
  where: SQL | undefined,
  keyset: KeysetOrder,
  page: { limit: number; offset: number },
): ((executor: Executor) => Promise<{ id: string; cursorKey: string }[]>) | undefined {
  const mask = filter.q ? signatureMask(filter.q) : undefined;
  if (!mask || filter.date.kind !== 'all' || filter.visibility.kind === 'organizer') return undefined;
  if (filter.status !== 'all' || filter.category !== 'all' || filter.approval) return undefined;
  const order: KeysetOrder = { key: walked.createdAt, id: walked.id, direction: keyset.direction };
  const covered = and(
    filter.visibility.kind === 'public' ? walkedPubliclyListed : undefined,
    filter.after ? afterCursor(order, filter.after) : undefined,
  );
  const checked = filter.after ? and(where, afterCursor(keyset, filter.after)) : where;
  return (executor) =>
    executor
      .select({ id: walked.id, cursorKey: cursorKeyOf(walked.createdAt) })
      .from(walked)
      .where(signatureWalkCondition(covered, mask, checked))
      .orderBy(...orderOfKeyset(order))
      .limit(page.limit)
      .offset(page.offset);
}

export async function findEvent(db: Executor, id: string): Promise<EventWithCreator | null> {
  const [row] = await db
    .select({ event: events, creatorName })
    .from(events)
    .leftJoin(users, eq(users.id, events.organizerId))
    .leftJoin(partners, eq(partners.id, events.partnerId))
    .where(eq(events.id, id))
    .limit(1);
  return row ? { ...row.event, creatorName: row.creatorName } : null;
}

export async function findEventParts(db: Executor, id: string): Promise<{ ticketTypes: TicketTypeRow[]; images: ImageRow[] }> {
  const [ticketTypes, images] = await Promise.all([
    db.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, id)).orderBy(asc(eventTicketTypes.position)),
    db.select().from(eventImages).where(eq(eventImages.eventId, id)).orderBy(asc(eventImages.position)),
  ]);
  return { ticketTypes, images };
}

/** Replaces the share token (revokes the old link); null when the event does not exist. */
export async function replaceShareToken(db: Executor, id: string, shareToken: string): Promise<string | null> {
  const [row] = await db
    .update(events)
    .set({ shareToken, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning({ shareToken: events.shareToken });
  return row?.shareToken ?? null;
}

/**
 * Serialises the transactions that take the same key (an organiser's creations, an event's image
 * additions) so two requests at once cannot both pass a count check.
 */
export async function advisoryLock(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`events:${key}`}))`);
}

/** Events counting toward `maxEventsPerUser`: drafts and published ones (cancelled ones do not). */
export async function countActiveEventsOf(db: Executor, organizerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.organizerId, organizerId), ne(events.status, 'cancelled')));
  return row?.total ?? 0;
}

export interface NewTicketType {
  name: string;
  price: number;
  quantity: number;
  description: string;
}

export interface NewImage {
  cardKey: string;
  mediumKey: string;
  detailKey: string;
  width: number;
  height: number;
}

export async function insertEvent(
  tx: Tx,
  values: EventInsert,
  ticketTypes: NewTicketType[],
  images: NewImage[],
): Promise<EventRow> {
  const [event] = await tx.insert(events).values(values).returning();
  if (!event) throw new Error('event not inserted');
  await insertTicketTypes(tx, event.id, ticketTypes);
  if (images.length > 0) {
    await tx.insert(eventImages).values(images.map((image, position) => ({ ...image, eventId: event.id, position })));
  }
  return event;
}

async function insertTicketTypes(tx: Tx, eventId: string, ticketTypes: NewTicketType[]): Promise<void> {
  if (ticketTypes.length === 0) return;
  await tx.insert(eventTicketTypes).values(ticketTypes.map((ticket, position) => ({ ...ticket, eventId, position })));
}

export async function updateEvent(
  tx: Tx,
  id: string,
  values: Partial<EventInsert>,
  ticketTypes: NewTicketType[] | undefined,
): Promise<EventRow | null> {
  const [event] = await tx
    .update(events)
    .set({ ...values, updatedAt: new Date() })
    // A cancelled event is never edited, even by a request that read it just before the cancel.
    .where(and(eq(events.id, id), ne(events.status, 'cancelled')))
    .returning();
  if (!event) return null;
  if (ticketTypes) {
    await tx.delete(eventTicketTypes).where(eq(eventTicketTypes.eventId, id));
    await insertTicketTypes(tx, id, ticketTypes);
  }
  return event;
}

/** Moves the status only from `from`: a concurrent change makes it answer null. */
export async function transitionStatus(
  db: Executor,
  id: string,
  from: EventStatus,
  to: EventStatus,
  extra: Pick<EventInsert, 'cancellationMessage' | 'submittedForApprovalAt'> = {},
): Promise<EventRow | null> {
  const now = new Date();
  // The cancellation's date starts the public page's 30 days; reopening clears it and its message.
  const cancelledAt =
    to === 'cancelled' ? { cancelledAt: now } : from === 'cancelled' ? { cancelledAt: null, cancellationMessage: null } : {};
  // Published, an event no longer waits for approval (decision 038).
  const submitted = to === 'published' ? { submittedForApprovalAt: null } : {};
  const [event] = await db
    .update(events)
    .set({ status: to, updatedAt: now, ...cancelledAt, ...submitted, ...extra })
    .where(and(eq(events.id, id), eq(events.status, from)))
    .returning();
  return event ?? null;
}

/** Deletes the event (ticket types and image rows cascade) and answers the image keys to remove. */
export async function deleteEvent(tx: Tx, id: string): Promise<string[] | null> {
  const images = await tx.select().from(eventImages).where(eq(eventImages.eventId, id));
  const deleted = await tx.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (deleted.length === 0) return null;
  return images.flatMap(imageKeys);
}

/** Every stored file of one image (the medium copy is missing on images stored before it existed). */
export function imageKeys(image: { cardKey: string; mediumKey: string | null; detailKey: string }): string[] {
  // With the share preview cut from it, if one was made (decision 022).
  const preview = imagePreviewKey(image.detailKey);
  return image.mediumKey ? [image.cardKey, image.mediumKey, image.detailKey, preview] : [image.cardKey, image.detailKey, preview];
}

export async function countImages(db: Executor, eventId: string): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(eventImages).where(eq(eventImages.eventId, eventId));
  return row?.total ?? 0;
}

/** Appends images after the existing ones (position 0 stays the cover). */
export async function appendImages(tx: Tx, eventId: string, images: NewImage[]): Promise<void> {
  if (images.length === 0) return;
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${eventImages.position}) + 1, 0)::int` })
    .from(eventImages)
    .where(eq(eventImages.eventId, eventId));
  const start = row?.next ?? 0;
  await tx.insert(eventImages).values(images.map((image, index) => ({ ...image, eventId, position: start + index })));
}

/** Removes one image and renumbers the rest from 0, so the first left becomes the cover. */
export async function removeImage(tx: Tx, eventId: string, imageId: string): Promise<ImageRow | null> {
  const [removed] = await tx
    .delete(eventImages)
    .where(and(eq(eventImages.id, imageId), eq(eventImages.eventId, eventId)))
    .returning();
  if (!removed) return null;
  const rest = await tx
    .select({ id: eventImages.id })
    .from(eventImages)
    .where(eq(eventImages.eventId, eventId))
    .orderBy(asc(eventImages.position));
  for (const [position, image] of rest.entries()) {
    await tx.update(eventImages).set({ position }).where(eq(eventImages.id, image.id));
  }
  return removed;
}

/** The event holding this short address (any case), other than `exceptId`. */
export async function findShortAddressHolder(db: Executor, address: string, exceptId?: string): Promise<string | null> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(sql`lower(${events.shortAddress}) = ${address.toLowerCase()}`, exceptId ? ne(events.id, exceptId) : undefined))
    .limit(1);
  return row?.id ?? null;
}

/** The short id of the event at a short address (`/e/{address}`), by the lower-case index. */
export async function findShortIdByShortAddress(db: Executor, address: string): Promise<string | null> {
  const [row] = await db
    .select({ shortId: events.shortId })
    .from(events)
    .where(eq(sql`lower(${events.shortAddress})`, address.toLowerCase()))
    .limit(1);
  return row?.shortId ?? null;
}
