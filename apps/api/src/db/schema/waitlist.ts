import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  ],
);
