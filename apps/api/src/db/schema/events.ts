import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EVENT_CATEGORIES } from '@app/shared/events';
import { partners } from './partners';
import { newestFirst, TRIGRAMS } from './index-helpers';
import { users } from './users';

export const eventStatusEnum = pgEnum('event_status', ['draft', 'published', 'cancelled']);

export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    startDateTime: timestamp({ withTimezone: true }).notNull(),
    endDateTime: timestamp({ withTimezone: true }).notNull(),
    address: text().notNull(),
    city: text().notNull(),
    country: text().notNull().default('Cameroun'),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    category: text().notNull(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    isPublic: boolean().notNull().default(true),
    isHighlighted: boolean().notNull().default(false),
    maxParticipants: integer(),
    organizerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The partner the event is organised for (created by one of its authorised users), if any. */
    partnerId: uuid().references(() => partners.id, { onDelete: 'set null' }),
    status: eventStatusEnum().notNull().default('draft'),
    participantsCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    likesCount: integer().notNull().default(0),
    viewsCount: integer().notNull().default(0),
    /**
     * Short public id in the page address `/evenements/{slug}-{shortId}` (12 hex characters); the
     * slug is derived from the current title, so an old slug still finds the event (and redirects).
     */
    shortId: text().notNull().default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`),
    /**
     * Unguessable token of the share link that opens a private event's page (set at creation,
     * regenerated to revoke). The default backfills existing rows.
     */
    shareToken: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    /** Lower-cased title, description and address without accents, for search. */
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When an administrator refused to publish this draft ('Refuser avec motif', issue 25 item 11)
     * and why: it leaves the 'À approuver' queue until its organiser changes it (updated_at later).
     */
    refusedAt: timestamp({ withTimezone: true }),
    refusalReason: text(),
    /**
     * When the organiser last asked for publication while 'Approbation requise' is on ('Publier',
     * decision 038): the 'À approuver' queue holds the drafts submitted after their last refusal.
     */
    submittedForApprovalAt: timestamp({ withTimezone: true }),
    /** The organiser's short message to the participants when cancelling, shown on the public page (decision 038). */
    cancellationMessage: text(),
    /**
     * When the event was cancelled (null otherwise): its public page stays 30 days from this
     * moment, whatever happens to the row afterwards (issue 24, decision 023).
     */
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * The public page's customisation (issue 28, premium, decision 056): an ACCENT_COLORS id, a
     * COVER_LAYOUTS value, the short address `/e/{shortAddress}` (lower-case, unique); null: the
     * default. Shown only while the organiser's premium is active; kept when it ends.
     */
    accentColor: text(),
    coverLayout: text(),
    shortAddress: text(),
  },
  (table) => [
    index('events_status_start_idx').on(table.status, table.startDateTime),
    index('events_start_idx').on(table.startDateTime),
    index('events_category_idx').on(table.category),
    index('events_organizer_idx').on(table.organizerId),
    // 'Mes évènements' (issue 27, decision 037): the tab counts of one organiser, read from the
    // index alone (status, ended or not, submitted and not refused since), and each tab's page by start.
    index('events_organizer_tab_count_idx').on(
      table.organizerId,
      table.status,
      table.endDateTime,
      table.submittedForApprovalAt,
      table.refusedAt,
    ),
    index('events_organizer_status_start_id_idx').on(table.organizerId, table.status, table.startDateTime, table.id),
    index('events_partner_idx').on(table.partnerId),
    index('events_created_idx').on(table.createdAt),
    uniqueIndex('events_short_id_idx').on(table.shortId),
    // One event per short address, whatever the case (decision 056): two organisers asking for the
    // same one at the same moment get one 200 and one 409 SHORT_ADDRESS_TAKEN; `/e/{address}` reads it.
    uniqueIndex('events_short_address_idx').on(sql`lower(${table.shortAddress})`),
    // The public agenda: published public events by start.
    index('events_public_start_idx').on(table.startDateTime).where(publicEvent(table)),
    // Lists at scale (decision 013, migration 0008): each list's filter, then its sort with the id
    // as tie-breaker, so a page and a deep page read the index in order.
    index('events_created_id_idx').on(...newestFirst(table.createdAt, table.id)),
    index('events_status_created_id_idx').on(table.status, ...newestFirst(table.createdAt, table.id)),
    index('events_category_created_id_idx').on(table.category, ...newestFirst(table.createdAt, table.id)),
    // The public agenda (published public events): newest first, by start, and by category and start.
    index('events_public_created_id_idx')
      .on(...newestFirst(table.createdAt, table.id))
      .where(publicEvent(table)),
    index('events_public_start_id_idx').on(table.startDateTime, table.id).where(publicEvent(table)),
    index('events_public_category_start_id_idx').on(table.category, table.startDateTime, table.id).where(publicEvent(table)),
    // A city's agenda, soonest first (issue 31): its page and its bounded count from the index alone.
    index('events_public_city_start_id_idx').on(table.city, table.startDateTime, table.id).where(publicEvent(table)),
    index('events_public_category_created_id_idx')
      .on(table.category, ...newestFirst(table.createdAt, table.id))
      .where(publicEvent(table)),
    // The dashboard's five most followed events.
    index('events_top_idx').on(...newestFirst(table.participantsCount, table.likesCount, table.viewsCount, table.createdAt)),
    // The search with a status or a category filter (migration 0010): btree_gin puts the plain
    // values and the trigrams of `search_text` in one GIN index, intersected inside one scan.
    index('events_status_category_search_trgm_idx').using('gin', table.status, table.category, table.searchText.op(TRIGRAMS)),
    // The search within one category (migration 0011): one partial trigram index per category, so
    // a category added to EVENT_CATEGORIES gets its own at the next `npm run db:generate`.
    ...EVENT_CATEGORIES.map((category) =>
      index(`events_category_${category}_search_trgm_idx`)
        .using('gin', table.searchText.op(TRIGRAMS))
        .where(sql`${table.category} = '${sql.raw(category)}'`),
    ),
    // The public search (migration 0014): the trigrams of the published public events only.
    index('events_public_search_trgm_idx').using('gin', table.category, table.searchText.op(TRIGRAMS)).where(publicEvent(table)),
    // Events taking place from a moment on (migration 0012, db/running-or-later.ts): the events
    // running at that moment come from this GiST index of each event's time span.
    index('events_running_idx').using(
      'gist',
      sql`tstzrange(${table.startDateTime}, greatest(${table.startDateTime}, ${table.endDateTime}), '[]')`,
    ),
    // The agenda's city filter (migration 0012): the cities with a public event not ended.
    index('events_public_city_end_idx').on(table.city, table.endDateTime).where(publicEvent(table)),
    // 'Près de moi' (decision 057): the published public events with coordinates, by position, for a
    // bounding box (`<@ box`) read nearest first (KNN `<->`); built-in GiST point ops, no extension.
    // Migration 0040 adds INCLUDE (id, latitude, longitude, end_date_time) by hand (schema/sql-only.ts).
    index('events_public_location_idx')
      .using('gist', sql`point(${table.longitude}, ${table.latitude})`)
      .where(
        sql`${table.status} = 'published' and ${table.isPublic} and ${table.latitude} is not null and ${table.longitude} is not null`,
      ),
    // The 'À approuver' queue and its count (decision 038): the submitted drafts, newest first.
    index('events_submitted_created_id_idx')
      .on(...newestFirst(table.createdAt, table.id))
      .where(sql`${table.status} = 'draft' and ${table.submittedForApprovalAt} is not null`),
  ],
);

/** The events the public sees: published and public (the partial indexes of the agenda and the search). */
function publicEvent(table: { status: AnyPgColumn; isPublic: AnyPgColumn }): SQL {
  return sql`${table.status} = 'published' and ${table.isPublic}`;
}

export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    name: text().notNull(),
    /** Integer francs CFA. */
    price: integer().notNull().default(0),
    quantity: integer().notNull(),
    description: text().notNull().default(''),
  },
  (table) => [index('event_ticket_types_event_idx').on(table.eventId, table.position)],
);

export const eventImages = pgTable(
  'event_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    /** Internal storage keys of the re-encoded WebP files. */
    cardKey: text().notNull(),
    /** ~800 px wide copy for phones; null on images stored before it existed (they fall back to detailKey). */
    mediumKey: text(),
    detailKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('event_images_event_idx').on(table.eventId, table.position)],
);
