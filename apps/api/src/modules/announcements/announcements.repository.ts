import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { eventAnnouncements, events } from '../../db/schema/index';

/* The only file of the announcements module that talks to the database (decision 067). */

export type AnnouncementRow = typeof eventAnnouncements.$inferSelect;

export type AnnouncedEvent = Pick<
  typeof events.$inferSelect,
  'id' | 'title' | 'status' | 'organizerId' | 'shortId' | 'isPublic' | 'shareToken'
>;

const announcedEventColumns = {
  id: events.id,
  title: events.title,
  status: events.status,
  organizerId: events.organizerId,
  shortId: events.shortId,
  isPublic: events.isPublic,
  shareToken: events.shareToken,
};

export async function findAnnouncedEvent(db: Executor, eventId: string): Promise<AnnouncedEvent | null> {
  const [event] = await db.select(announcedEventColumns).from(events).where(eq(events.id, eventId));
  return event ?? null;
}

/** An event's announcements, newest first, one more than `limit` (whether there are more). */
export function listAnnouncements(db: Database, eventId: string, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(eventAnnouncements)
    .where(eq(eventAnnouncements.eventId, eventId))
    .orderBy(desc(eventAnnouncements.createdAt), desc(eventAnnouncements.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** How many participants each audience reaches now (blocked accounts are never told). */
export async function countAudiences(db: Executor, eventId: string): Promise<{ all: number; admitted: number }> {
  const result = await db.execute(sql`
    select count(*)::int as "all",
      count(*) filter (where exists (
        select 1 from check_in_admissions a where a.event_id = p.event_id and a.ticket_id = p.ticket_id
      ))::int as admitted
    from event_participations p join users u on u.id = p.user_id
    where p.event_id = ${eventId} and not u.is_blocked`);
  const [row] = rowsOf<{ all: number; admitted: number }>(result);
  return { all: Number(row?.all ?? 0), admitted: Number(row?.admitted ?? 0) };
}

/** Announcements the organiser wrote since `since`, sent or still to send (a cancelled one sends nothing). */
export async function countWrittenSince(db: Executor, authorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(eventAnnouncements)
    .where(
      and(
        eq(eventAnnouncements.authorId, authorId),
        gt(eventAnnouncements.createdAt, since),
        isNull(eventAnnouncements.cancelledAt),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Whether one of the organiser's published events has ended: they are no longer a new organiser. */
export async function hasHeldAnEvent(db: Executor, organizerId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(events)
    .where(and(eq(events.organizerId, organizerId), eq(events.status, 'published'), lte(events.endDateTime, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/**
 * Holds the organiser's row until the transaction ends, so that two announcements written at the
 * same moment count each other against the daily allowance.
 */
export async function lockAuthor(tx: Executor, authorId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${authorId} for update`);
}

export async function insertAnnouncement(
  tx: Executor,
  values: Pick<AnnouncementRow, 'eventId' | 'authorId' | 'audience' | 'text' | 'sendAt'>,
): Promise<AnnouncementRow> {
  const [row] = await tx.insert(eventAnnouncements).values(values).returning();
  if (!row) throw new Error('announcement not stored');
  return row;
}

export async function markSent(tx: Executor, id: string, recipients: number): Promise<AnnouncementRow> {
  const [row] = await tx
    .update(eventAnnouncements)
    .set({ sentAt: sql`now()`, recipients })
    .where(eq(eventAnnouncements.id, id))
    .returning();
  if (!row) throw new Error('announcement not found');
  return row;
}

/** Cancels a scheduled announcement of the event; null when there is none such (unknown, sent or cancelled). */
export async function cancelScheduled(db: Executor, eventId: string, id: string): Promise<AnnouncementRow | null> {
  const [row] = await db
    .update(eventAnnouncements)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(eventAnnouncements.id, id),
        eq(eventAnnouncements.eventId, eventId),
        isNull(eventAnnouncements.sentAt),
        isNull(eventAnnouncements.cancelledAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findAnnouncement(db: Executor, eventId: string, id: string): Promise<AnnouncementRow | null> {
  const [row] = await db
    .select()
    .from(eventAnnouncements)
    .where(and(eq(eventAnnouncements.id, id), eq(eventAnnouncements.eventId, eventId)));
  return row ?? null;
}

/**
 * Claims up to `limit` scheduled announcements now due, locked until the transaction ends; an
 * instance running the job at the same moment skips them (and its own claim sees them sent).
 */
export async function claimDue(tx: Executor, limit: number): Promise<AnnouncementRow[]> {
  const result = await tx.execute(sql`
    select id from event_announcements
    where sent_at is null and cancelled_at is null and send_at <= now()
    order by send_at
    limit ${limit}
    for update skip locked`);
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (ids.length === 0) return [];
  return tx.select().from(eventAnnouncements).where(inArray(eventAnnouncements.id, ids)).orderBy(eventAnnouncements.sendAt);
}

export async function cancelUnsent(tx: Executor, id: string): Promise<void> {
  await tx.update(eventAnnouncements).set({ cancelledAt: sql`now()` }).where(eq(eventAnnouncements.id, id));
}
