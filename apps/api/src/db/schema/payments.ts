import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adCampaigns } from './ads';
import { newestFirst } from './index-helpers';
import { users } from './users';

/*
 * Premium paid with Mobile Money (issue 28). A payment is one request to pay sent to one operator;
 * every change of its state is a row of `payment_events` (its timeline). The amount is the
 * server's plan price at the time, less the referral credit used.
 */

export const paymentOperatorEnum = pgEnum('payment_operator', ['mtn', 'orange']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'unknown', 'successful', 'failed', 'refunded']);

export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Ours, shown on receipts and searched by the team: 'PAY-7K3F9Q2M'. */
    reference: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A uuid made by the payer's page: a double tap or a retried request is one payment. */
    idempotencyKey: uuid().notNull(),
    /** A premium plan ('monthly', 'yearly'), or 'campaign' (then `campaign_id` names it). */
    plan: text().notNull(),
    /** The ad campaign this payment pays for ('Publicités', issue 30). */
    campaignId: uuid().references((): AnyPgColumn => adCampaigns.id, { onDelete: 'set null' }),
    /** Asked of the payer, FCFA: the plan's price less `credit_used`. */
    amount: integer().notNull(),
    creditUsed: integer().notNull().default(0),
    currency: text().notNull().default('XAF'),
    operator: paymentOperatorEnum().notNull(),
    /** The paying number, E.164 (never logged whole). */
    phone: text().notNull(),
    status: paymentStatusEnum().notNull().default('pending'),
    failureReason: text(),
    /** The provider's reference of the request (MTN's X-Reference-Id, Orange's pay token); unique per operator. */
    providerReference: text(),
    /** The unguessable part of this payment's callback address. */
    callbackToken: text().notNull(),
    /** When the provider itself gives up on the request: until then an unknown payment is asked again. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the job asks the provider next (null: nothing left to ask). */
    nextCheckAt: timestamp({ withTimezone: true }),
    /** The premium period this payment gave, once successful. */
    premiumFrom: timestamp({ withTimezone: true }),
    premiumUntil: timestamp({ withTimezone: true }),
    /** When it counted (successful): the month of the revenue, in Douala time. */
    paidAt: timestamp({ withTimezone: true }),
    refundedAmount: integer().notNull().default(0),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_reference_idx').on(table.reference),
    uniqueIndex('payments_idempotency_idx').on(table.userId, table.idempotencyKey),
    uniqueIndex('payments_provider_reference_idx')
      .on(table.operator, table.providerReference)
      .where(sql`${table.providerReference} is not null`),
    uniqueIndex('payments_callback_token_idx').on(table.callbackToken),
    index('payments_created_idx').on(...newestFirst(table.createdAt, table.id)),
    index('payments_user_created_idx').on(table.userId, ...newestFirst(table.createdAt)),
    index('payments_due_check_idx').on(table.nextCheckAt).where(sql`${table.nextCheckAt} is not null`),
    index('payments_paid_idx').on(table.paidAt).where(sql`${table.paidAt} is not null`),
    index('payments_phone_idx').on(table.phone),
    // 'Transactions' (decision 054): each filter newest first. Its totals are read from
    // `payment_day_totals` (migration 0042), no longer from an index of the paid payments.
    index('payments_status_created_idx').on(table.status, ...newestFirst(table.createdAt, table.id)),
    index('payments_operator_created_idx').on(table.operator, ...newestFirst(table.createdAt, table.id)),
    index('payments_campaign_idx')
      .on(table.campaignId, ...newestFirst(table.createdAt))
      .where(sql`${table.campaignId} is not null`),
    index('payments_plan_created_idx').on(table.plan, ...newestFirst(table.createdAt, table.id)),
  ],
);

/** A payment's timeline: one row per change of state, callback, check or team action. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: paymentStatusEnum().notNull(),
    /** What happened, in French, as the timeline shows it. */
    note: text().notNull(),
    /** What the provider answered (no secret, the number masked). */
    detail: jsonb(),
    /** The team member who acted (a status check asked by hand, a refund); null for the system. */
    actorId: uuid(),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId, table.at)],
);

/**
 * Revenue by Douala month ('YYYY-MM') and operator (decision 055): what was paid in the month
 * (payments counted by `paid_at`) and refunded in it (by `refunded_at`). Kept by the trigger
 * `payments_monthly_totals` in the transaction of every write to `payments` (migration 0041), so
 * the dashboard's month and the statistics' 12 months read at most 24 rows whatever the payments.
 */
export const paymentMonthlyTotals = pgTable(
  'payment_monthly_totals',
  {
    month: text().notNull(),
    operator: paymentOperatorEnum().notNull(),
    paidCount: integer().notNull().default(0),
    paidAmount: bigint({ mode: 'number' }).notNull().default(0),
    refundedAmount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.operator] })],
);

/**
 * 'Transactions' (decision 054): the payments by the Douala day of their creation, status, operator
 * and plan — every filter of the list but the search — with their number, and the number, amount
 * and refunded amount of the paid ones (`paid_at` set). Kept by the triggers `payments_day_totals_*`
 * in the transaction of every write to `payments` (migration 0042). The list reads here its exact
 * total, its totals and the days that hold the page asked for, whatever the filters: a few thousand
 * rows (two years: 730 days × the statuses, operators and plans met) instead of the payments.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    /** The Douala day of the payments' `created_at` (the list's period filter). */
    day: date({ mode: 'string' }).notNull(),
    status: paymentStatusEnum().notNull(),
    operator: paymentOperatorEnum().notNull(),
    plan: text().notNull(),
    /** Every payment of the key, paid or not. */
    paymentCount: integer().notNull().default(0),
    paidCount: integer().notNull().default(0),
    paidAmount: bigint({ mode: 'number' }).notNull().default(0),
    refundedAmount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.status, table.operator, table.plan] })],
);
