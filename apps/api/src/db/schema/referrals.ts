import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { waitlistEntries } from './waitlist';

/**
 * One row per visitor, referrer and day: a click is counted at most once per visitor (a hash of
 * the address and browser, decision 012) per code per day, by the primary key.
 */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    referrerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitor: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.referrerId, table.day, table.visitor] })],
);

export const referralSignupKindEnum = pgEnum('referral_signup_kind', ['waitlist', 'account']);

/**
 * A person brought by a referrer: a waiting-list entry or a verified account. One person counts
 * once per referrer: unique on the referrer with the phone, the e-mail and the account.
 */
export const referralSignups = pgTable(
  'referral_signups',
  {
    id: uuid().primaryKey().defaultRandom(),
    referrerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: referralSignupKindEnum().notNull(),
    waitlistEntryId: uuid().references(() => waitlistEntries.id, { onDelete: 'set null' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** E.164. */
    phone: text(),
    /** Lower-cased. */
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('referral_signups_phone_key').on(table.referrerId, table.phone).where(sql`${table.phone} is not null`),
    uniqueIndex('referral_signups_email_key').on(table.referrerId, table.email).where(sql`${table.email} is not null`),
    uniqueIndex('referral_signups_user_key').on(table.referrerId, table.userId).where(sql`${table.userId} is not null`),
    index('referral_signups_referrer_idx').on(table.referrerId, table.kind),
  ],
);

/** Counters per referrer, kept by the same statements that insert clicks and sign-ups: the leaderboard reads only this. */
export const referralStats = pgTable(
  'referral_stats',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    clicks: integer().notNull().default(0),
    waitlistSignups: integer().notNull().default(0),
    accountSignups: integer().notNull().default(0),
    signups: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('referral_stats_rank_idx').on(table.signups.desc(), table.clicks.desc(), table.userId)],
);

/**
 * Referral work that must happen exactly once after a commit (decision 021): queued in the same
 * transaction as what causes it (an account's first verification), run at once after the commit,
 * and retried by the referrals loop until done. One row per kind and subject (unique): queueing
 * twice is a no-op. The work itself is idempotent (unique sign-ups and grants), so a retry after a
 * crash between the work and `done_at` changes nothing.
 */
export const referralJobs = pgTable(
  'referral_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * `account_verified`: the account (subject: its id) counts for its referrer; `waitlist_approved`:
     * the approved entry (subject: its id) counts; `contact_verified`: the waiting-list entries with
     * this just-verified e-mail or phone (subject) count. Then the grants due are made.
     */
    kind: text().$type<ReferralJobKind>().notNull(),
    subject: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('referral_jobs_kind_subject_key').on(table.kind, table.subject),
    index('referral_jobs_due_idx').on(table.nextAttemptAt).where(sql`${table.doneAt} is null`),
  ],
);

export type ReferralJobKind = 'account_verified' | 'waitlist_approved' | 'contact_verified';

export const rewardTypeEnum = pgEnum('reward_type', ['premium_days', 'credit_fcfa', 'badge']);
export const rewardMinTypeEnum = pgEnum('reward_min_type', ['waitlist', 'account', 'any']);
export const rewardGrantStatusEnum = pgEnum('reward_grant_status', ['pending', 'granted', 'revoked']);

export const rewardRules = pgTable(
  'reward_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    type: rewardTypeEnum().notNull(),
    description: text().notNull().default(''),
    /** Criteria: at least `minSignups` sign-ups of `minType`. */
    minSignups: integer().notNull(),
    minType: rewardMinTypeEnum().notNull().default('any'),
    /** Days of premium, francs CFA, or 1 for a badge. */
    rewardValue: integer().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('reward_rules_created_idx').on(table.createdAt.desc(), table.id)],
);

/** At most one grant per referrer and rule (unique key): concurrent sign-ups cannot grant twice. */
export const rewardGrants = pgTable(
  'reward_grants',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: uuid()
      .notNull()
      .references(() => rewardRules.id, { onDelete: 'restrict' }),
    /** Copied from the rule when granted, so a later edit of the rule does not change it. */
    rewardType: rewardTypeEnum().notNull(),
    rewardValue: integer().notNull(),
    status: rewardGrantStatusEnum().notNull().default('pending'),
    /** When the rule's threshold was reached and this grant created. */
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When an administrator marked it granted (delivered) or revoked. */
    decidedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reward_grants_user_rule_key').on(table.userId, table.ruleId),
    index('reward_grants_granted_idx').on(table.grantedAt.desc(), table.id),
    index('reward_grants_rule_idx').on(table.ruleId),
  ],
);
