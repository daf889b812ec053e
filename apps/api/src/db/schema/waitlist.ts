import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { newestFirst, TRIGRAMS } from './index-helpers';

export const waitlistStatusEnum = pgEnum('waitlist_status', ['pending', 'approved', 'rejected']);

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Lower-cased, optional. */
    email: text(),
    /** E.164. */
    phone: text().notNull(),
    status: waitlistStatusEnum().notNull().default('pending'),
    referralCode: text(),
    /** Lower-cased name, e-mail and phone without accents, for search. */
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waitlist_phone_key').on(table.phone),
    uniqueIndex('waitlist_email_key').on(table.email),
    index('waitlist_status_created_idx').on(table.status, table.createdAt),
    index('waitlist_created_idx').on(table.createdAt),
    index('waitlist_referral_idx').on(table.referralCode),
    // Lists at scale (decision 013, migration 0008): the search, newest first, by status.
    index('waitlist_search_trgm_idx').using('gin', table.searchText.op(TRIGRAMS)),
    index('waitlist_created_id_idx').on(...newestFirst(table.createdAt, table.id)),
    index('waitlist_status_created_id_idx').on(table.status, ...newestFirst(table.createdAt, table.id)),
  ],
);
