import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const partnerTypeEnum = pgEnum('partner_type', ['business', 'association', 'individual']);
export const partnerStatusEnum = pgEnum('partner_status', ['active', 'blocked', 'pending']);

/** Partners / businesses (spec §3). Screens and routes come with the partners issue. */
export const partners = pgTable(
  'partners',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    type: partnerTypeEnum().notNull(),
    email: text().notNull(),
    phone: text(),
    website: text(),
    logo: text(),
    status: partnerStatusEnum().notNull().default('pending'),
    isVerified: boolean().notNull().default(false),
    description: text(),
    address: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp({ withTimezone: true }),
  },
  (table) => [index('partners_status_idx').on(table.status)],
);
