import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TRIGRAMS } from './index-helpers';
import { users } from './users';

export const partnerTypeEnum = pgEnum('partner_type', ['business', 'association', 'individual']);
export const partnerStatusEnum = pgEnum('partner_status', ['active', 'blocked', 'pending']);

/** Partners / businesses. Each filter of the list has an index ending with the sort key. */
export const partners = pgTable(
  'partners',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    type: partnerTypeEnum().notNull(),
    /** Lower-cased; one partner per address. */
    email: text().notNull(),
    /** E.164. */
    phone: text(),
    website: text(),
    /** Storage key of the re-encoded WebP logo. */
    logo: text(),
    status: partnerStatusEnum().notNull().default('pending'),
    isVerified: boolean().notNull().default(false),
    description: text(),
    address: text(),
    /** Lower-cased name, e-mail and phone without accents, for search (decision 003). */
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('partners_status_idx').on(table.status),
    uniqueIndex('partners_email_key').on(table.email),
    index('partners_created_idx').on(table.createdAt, table.id),
    index('partners_status_created_idx').on(table.status, table.createdAt),
    index('partners_type_created_idx').on(table.type, table.createdAt),
    index('partners_verified_created_idx').on(table.isVerified, table.createdAt),
    // The search (decision 013, migration 0008).
    index('partners_search_trgm_idx').using('gin', table.searchText.op(TRIGRAMS)),
  ],
);

/** Accounts that may act for a partner (create events on its behalf). */
export const partnerUsers = pgTable(
  'partner_users',
  {
    partnerId: uuid()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.partnerId, table.userId] }), index('partner_users_user_idx').on(table.userId)],
);

/** What happened to a partner, newest first in its detail (the 'Activités' tab). */
export const partnerActivities = pgTable(
  'partner_activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerId: uuid()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    type: text().notNull(),
    description: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partner_activities_partner_idx').on(table.partnerId, table.createdAt)],
);
