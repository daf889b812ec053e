import { sql } from 'drizzle-orm';
import {
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
import { partners } from './partners';
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
     * When the event was cancelled (null otherwise): its public page stays 30 days from this
     * moment, whatever happens to the row afterwards (issue 24, decision 023).
     */
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('events_status_start_idx').on(table.status, table.startDateTime),
    index('events_start_idx').on(table.startDateTime),
    index('events_category_idx').on(table.category),
    index('events_organizer_idx').on(table.organizerId),
    index('events_partner_idx').on(table.partnerId),
    index('events_created_idx').on(table.createdAt),
    uniqueIndex('events_short_id_idx').on(table.shortId),
    // The public agenda: published public events by start.
    index('events_public_start_idx').on(table.startDateTime).where(sql`${table.status} = 'published' and ${table.isPublic}`),
  ],
);

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
