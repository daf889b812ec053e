import { AD_PLACEMENTS, CAMPAIGN_STATUSES } from '@app/shared/ads';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { newestFirst } from './index-helpers';
import { users } from './users';

/*
 * 'Publicités' (issue 30, decision 068). A campaign promotes one event in one placement, in some
 * cities or all of Cameroon, between two Douala days; it is paid through `payments`
 * (`payments.campaign_id`), approved by the team, and counted per day in `ad_campaign_days`.
 */

export const adPlacementEnum = pgEnum('ad_placement', AD_PLACEMENTS);
export const campaignStatusEnum = pgEnum('campaign_status', CAMPAIGN_STATUSES);

export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Who created and pays it. */
    advertiserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    placement: adPlacementEnum().notNull(),
    national: boolean().notNull().default(false),
    /** City keys (CAMEROON_CITIES); empty when national. */
    cities: text().array().notNull().default(sql`'{}'::text[]`),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** FCFA: the server's price when created, what the payment asks. */
    price: integer().notNull(),
    status: campaignStatusEnum().notNull().default('unpaid'),
    /** The team's reason for a refusal or a suspension, or why it was stopped. */
    reason: text(),
    reviewedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // 'Mes publicités': the advertiser's campaigns, newest first.
    index('ad_campaigns_advertiser_idx').on(table.advertiserId, ...newestFirst(table.createdAt, table.id)),
    // 'Publicités': newest first, and per status newest first.
    index('ad_campaigns_created_idx').on(...newestFirst(table.createdAt, table.id)),
    index('ad_campaigns_status_created_idx').on(table.status, ...newestFirst(table.createdAt, table.id)),
    index('ad_campaigns_event_idx').on(table.eventId),
    // Serving: the approved campaigns running today (a few thousand at most).
    index('ad_campaigns_live_idx').on(table.endDate, table.startDate).where(sql`${table.status} = 'approved'`),
  ],
);

/** Impressions and clicks per campaign and Douala day. */
export const adCampaignDays = pgTable(
  'ad_campaign_days',
  {
    campaignId: uuid()
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);

/**
 * Who was counted, per campaign, day and kind, so a visitor counts once a day: a keyed hash
 * (never the address or the account itself) of the account, or of the address and browser when
 * signed out; `address` is a keyed hash of the address alone, for the per-address cap. Kept two
 * days, then deleted by the ads job.
 */
export const adVisits = pgTable(
  'ad_visits',
  {
    campaignId: uuid()
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    visitor: text().notNull(),
    address: text().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.day, table.kind, table.visitor] }),
    index('ad_visits_address_idx').on(table.campaignId, table.day, table.kind, table.address),
    index('ad_visits_day_idx').on(table.day),
  ],
);
