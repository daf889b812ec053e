import { containsCondition, signatureMask } from '../../db/contains-condition';
import { pageWindow } from '../../db/page-window';
import { and, asc, eq, gt, gte, ne, type SQL, sql } from 'drizzle-orm';
import { pageAndTotal } from '../../db/page-and-total';
import { perDatabase } from '../../db/per-database';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { eventImages, events, eventTicketTypes, partners, users } from '../../db/schema/index';
import { countRunningOrLater, runningOrLaterIds } from '../../db/running-or-later';
import { walkedPubliclyListed } from '../../db/signature-walk';
import { publiclyListed } from '../events/event-visibility';

/** What a card of the agenda (or of the landing page) shows. */
export interface PublicCard {
  id: string;
  shortId: string;
  title: string;
  startDateTime: Date;
  endDateTime: Date;
  address: string;
  city: string;
  category: string;
  status: 'draft' | 'published' | 'cancelled';
  highlighted: boolean;
  cover: { cardKey: string; width: number; height: number } | null;
  prices: number[];
}

export interface AgendaFilter {
  q?: string;
  city?: string;
  category?: string;
  /** [from, to) in UTC; an event is in it when it takes place during it. */
  range: { from: Date; to: Date | null };
  page: number;
  limit: number;
}

export const cardColumns = {
  id: events.id,
  shortId: events.shortId,
  title: events.title,
  startDateTime: events.startDateTime,
  endDateTime: events.endDateTime,
  address: events.address,
  city: events.city,
  category: events.category,
  status: events.status,
  highlighted: events.isHighlighted,
};

const cardsByIdsQuery = perDatabase((db: Database) => {
  const cover = db
    .select({ cardKey: eventImages.cardKey, width: eventImages.width, height: eventImages.height })
    .from(eventImages)
    .where(and(eq(eventImages.eventId, events.id), eq(eventImages.position, 0)))
    .limit(1)
    .as('cover');
  const prices = sql<number[]>`array(select ${eventTicketTypes.price} from ${eventTicketTypes}
    where ${eventTicketTypes.eventId} = ${events.id} order by ${eventTicketTypes.position})`;
  return db
    .select({ ...cardColumns, cover: { cardKey: cover.cardKey, width: cover.width, height: cover.height }, prices })
    .from(events)
    .leftJoinLateral(cover, sql`true`)
    .where(sql`${events.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('cards_by_ids');
});

/**
 * The cards of the events `ids`, in that order (an event deleted meanwhile is left out), with their
 * covers and ticket prices: one query, prepared once per database (issue 31 item 3).
 */
export async function cardsOf(db: Database, ids: string[]): Promise<PublicCard[]> {
  if (ids.length === 0) return [];
  const found = new Map((await cardsByIdsQuery(db).execute({ ids })).map((card) => [card.id, card]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The public agenda: published public events taking place in the range, soonest first. `total` is
 * exact up to EXACT_COUNT_LIMIT and the planner's estimate beyond (decision 013, bounded count);
 * the caller keeps the page within the anonymous depth cap.
 */
export async function listAgenda(db: Database, filter: AgendaFilter): Promise<{ cards: PublicCard[]; total: number }> {
  const search = filter.q ? await containsCondition(db, events, events.searchText, filter.q) : undefined;
  const matching = and(
    publiclyListed,
    search,
    filter.city ? eq(events.city, filter.city) : undefined,
    filter.category ? eq(events.category, filter.category) : undefined,
  );
  const page = pageWindow(filter);
  // A city or a category has its own index, which the signature's does not hold: the plain walk.
  const mask = filter.q && !filter.city && !filter.category ? signatureMask(filter.q) : undefined;
  const { rows: ids, total } = await pageAndTotal(db, {
    search: search && { table: events, condition: search },
    page: (executor) => soonestFirst(executor, matching, filter.range, page),
    walk: mask && ((executor) => soonestFirst(executor, matching, filter.range, page, { covered: walkedPubliclyListed, mask })),
    count: (executor) => countRunningOrLater(executor, matching, filter.range),
    window: page,
  });
  return { cards: await cardsOf(db, ids), total };
}

/** The ids of one page of the events matching `where` taking place from `range.from` on, soonest first. */
async function soonestFirst(
  db: Executor,
  where: SQL | undefined,
  range: { from: Date; to: Date | null },
  page: { limit: number; offset: number },
  signature?: { covered: SQL; mask: SQL },
): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(runningOrLaterIds(where, range, page, signature))).map((row) => row.id);
}

/**
 * Cities that have an upcoming public event, for the agenda's filter. A loose index scan on
 * `events_public_city_end_idx`: one index probe per city for the next city name, one for an
 * event not ended, instead of reading every upcoming event to find a handful of cities.
 */
export async function listAgendaCities(db: Database, now: Date): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive cities as (
      (select city from events where status = 'published' and is_public order by city limit 1)
      union all
      select (select e.city from events e where e.status = 'published' and e.is_public and e.city > cities.city
              order by e.city limit 1)
      from cities where cities.city is not null
    )
    select city from cities
    where city is not null
      and exists (select 1 from events e where e.status = 'published' and e.is_public and e.city = cities.city
                  and e.end_date_time >= ${now.toISOString()}::timestamptz)
    order by city limit 200`);
  return rowsOf<{ city: string }>(result).map((row) => row.city);
}

/**
 * The landing page's next public events: published, public (so never cancelled or drafts), not
 * ended, the highlighted ones first, then the others, each group soonest first. Two reads of at
 * most `limit` rows each, on the same indexes as the agenda.
 */
export async function listNextForLanding(db: Database, now: Date, limit: number): Promise<PublicCard[]> {
  const range = { from: now, to: null };
  const highlighted = await soonestFirst(db, and(publiclyListed, eq(events.isHighlighted, true)), range, { limit, offset: 0 });
  const others =
    highlighted.length < limit
      ? await soonestFirst(db, and(publiclyListed, eq(events.isHighlighted, false)), range, {
          limit: limit - highlighted.length,
          offset: 0,
        })
      : [];
  return cardsOf(db, [...highlighted, ...others]);
}

/** The next public events in the same city, except this one. */
export async function listNextInCity(db: Database, city: string, exceptId: string, now: Date, limit: number) {
  const ids = await soonestFirst(
    db,
    and(publiclyListed, eq(events.city, city), ne(events.id, exceptId)),
    { from: now, to: null },
    { limit, offset: 0 },
  );
  return cardsOf(db, ids);
}

/** The partner's name for an event organised on its behalf, else the organiser's name. */
const creatorName = sql<
  string | null
>`coalesce(${partners.name}, nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''))`;

/** One event by its short public id, with what its page shows. */
export async function findPublicEvent(db: Database, shortId: string) {
  const [row] = await db
    .select({ event: events, creatorName })
    .from(events)
    .leftJoin(users, eq(users.id, events.organizerId))
    .leftJoin(partners, eq(partners.id, events.partnerId))
    .where(eq(events.shortId, shortId))
    .limit(1);
  if (!row) return null;
  const [ticketTypes, images] = await Promise.all([
    db.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, row.event.id)).orderBy(asc(eventTicketTypes.position)),
    db.select().from(eventImages).where(eq(eventImages.eventId, row.event.id)).orderBy(asc(eventImages.position)),
  ]);
  return { ...row.event, creatorName: row.creatorName, ticketTypes, images };
}
export type PublicEvent = NonNullable<Awaited<ReturnType<typeof findPublicEvent>>>;

/**
 * One chunk of the sitemap's events, by id after `afterId` (keyset: each chunk reads on from the
 * last, never an offset): published public events not ended before `since`. Never drafts,
 * private events or cancelled ones (a cancelled event's page stays for its 30 days, but is not
 * offered to search engines).
 */
export async function listForSitemap(db: Database, since: Date, afterId: string | null, limit: number) {
  return db
    .select({ id: events.id, shortId: events.shortId, title: events.title, updatedAt: events.updatedAt })
    .from(events)
    .where(and(publiclyListed, gte(events.endDateTime, since), afterId ? gt(events.id, afterId) : undefined))
    .orderBy(asc(events.id))
    .limit(limit);
}
