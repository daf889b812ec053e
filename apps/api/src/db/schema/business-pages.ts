import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
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
  },
  (table) => [
    index('business_pages_created_idx').on(table.createdAt, table.id),
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
