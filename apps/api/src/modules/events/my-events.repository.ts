import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { MyEventCounts, MyEventTab } from '@app/shared/my-events';
import type { Executor } from '../../db/client';
import { eventImages, events, partners, users } from '../../db/schema/index';
import { creatorName, type EventWithCreator } from './events.repository';
import { pageIdsOf } from '../../db/page-ids';

/**
 * 'Mes évènements' (issue 27 item 1, decisions 037 and 038). A draft is 'En attente d'approbation'
 * once its organiser submitted it ('Publier' while approval is required) and it was not refused
 * since: the state the answers call `approvalState: 'submitted'`; any other draft is a 'Brouillon'.
 */
export interface MyEventsScope {
  organizerId: string;
  now: Date;
}

const submittedNotRefused = and(
  sql`${events.submittedForApprovalAt} is not null`,
  or(isNull(events.refusedAt), sql`${events.submittedForApprovalAt} > ${events.refusedAt}`),
) as SQL;

function tabCondition(tab: MyEventTab, scope: MyEventsScope): SQL | undefined {
  switch (tab) {
    case 'drafts':
      return and(eq(events.status, 'draft'), sql`not coalesce(${submittedNotRefused}, false)`);
    case 'pending':
      return and(eq(events.status, 'draft'), submittedNotRefused);
    case 'published':
      return and(eq(events.status, 'published'), gte(events.endDateTime, scope.now));
    case 'past':
      // The start bound is redundant for valid rows; it lets the start index begin at `now`.
      return and(eq(events.status, 'published'), lt(events.endDateTime, scope.now), lt(events.startDateTime, scope.now));
    case 'cancelled':
      return eq(events.status, 'cancelled');
  }
}

/** Coming events soonest first; past, cancelled and drafts latest start first. */
function tabOrder(tab: MyEventTab): SQL[] {
  return tab === 'published' || tab === 'pending'
    ? [asc(events.startDateTime), asc(events.id)]
    : [desc(events.startDateTime), desc(events.id)];
}

/**
 * The count of every tab in one grouped query over the organiser's rows of
 * `events_organizer_tab_count_idx` (an index-only scan: no row of another organiser is read).
 */
export async function countMyEvents(db: Executor, scope: MyEventsScope): Promise<MyEventCounts> {
  const rows = await db
    .select({
      status: events.status,
      ended: sql<boolean>`${events.endDateTime} < ${scope.now}`,
      waiting: sql<boolean>`coalesce(${submittedNotRefused}, false)`,
      count: sql<number>`count(*)::int`,
    })
    .from(events)
    .where(eq(events.organizerId, scope.organizerId))
    .groupBy(sql`1`, sql`2`, sql`3`);
  const counts: MyEventCounts = { drafts: 0, published: 0, pending: 0, past: 0, cancelled: 0 };
  for (const row of rows) {
    const tab: MyEventTab =
      row.status === 'cancelled'
        ? 'cancelled'
        : row.status === 'published'
          ? row.ended
            ? 'past'
            : 'published'
          : row.waiting
            ? 'pending'
            : 'drafts';
    counts[tab] += row.count;
  }
  return counts;
}

/** One page of one tab's ids in order, then the rows. */
export async function listMyEvents(
  db: Executor,
  scope: MyEventsScope,
  tab: MyEventTab,
  page: { limit: number; offset: number },
): Promise<EventWithCreator[]> {
  const where = and(eq(events.organizerId, scope.organizerId), tabCondition(tab, scope));
  const order = tabOrder(tab);
  const rows = await db
    .select({ event: events, creatorName })
    .from(events)
    .leftJoin(users, eq(users.id, events.organizerId))
    .leftJoin(partners, eq(partners.id, events.partnerId))
    .where(inArray(events.id, pageIdsOf(db, events.id, where, order, page)))
    .orderBy(...order);
  return rows.map((row) => ({ ...row.event, creatorName: row.creatorName }));
}

/** The covers (image at position 0) of some events. */
export async function coversOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof eventImages.$inferSelect>();
  const images = await db
    .select()
    .from(eventImages)
    .where(and(inArray(eventImages.eventId, ids), eq(eventImages.position, 0)));
  return new Map(images.map((image) => [image.eventId, image]));
}
