import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { TRIGRAMS } from './index-helpers';
import { partners } from './partners';
import { users } from './users';

export const businessSubscriptionEnum = pgEnum('business_subscription', ['free', 'premium']);

/** Business event pages: an owner account, optionally a partner, a subscription, events. */
export const businessPages = pgTable(
  'business_pages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    partnerId: uuid().references(() => partners.id, { onDelete: 'set null' }),
    subscription: businessSubscriptionEnum().notNull().default('free'),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The page's name, its owner's `users.search_text` (names, e-mail, username, phone) and its
     * partner's `partners.search_text`, for the back office's search (decisions 003, 030). Written
     * by database triggers (migration 0025), since the owner's and the partner's rows change
     * through many write paths: no application code writes it.
     */
    searchText: text().notNull().default(''),
  },
  (table) => [
    index('business_pages_created_idx').on(table.createdAt, table.id),
    index('business_pages_search_trgm_idx').using('gin', table.searchText.op(TRIGRAMS)),
    index('business_pages_owner_idx').on(table.ownerId),
    index('business_pages_partner_idx').on(table.partnerId),
  ],
);

/** The events shown on a business page. */
export const businessPageEvents = pgTable(
  'business_page_events',
  {
    pageId: uuid()
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pageId, table.eventId] }), index('business_page_events_event_idx').on(table.eventId)],
);
