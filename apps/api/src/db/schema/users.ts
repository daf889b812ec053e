import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { newestFirst, TRIGRAMS } from './index-helpers';

export const roleEnum = pgEnum('role', ['user', 'admin', 'partner', 'superadmin']);
export const planEnum = pgEnum('plan', ['freemium', 'premium']);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    /** Stored as typed; unique without regard to case. */
    username: text(),
    /**
     * The UTS #39 skeletons of the username (`usernameSkeletons` of @app/shared/username-skeleton,
     * decision 024): a new username whose skeletons meet these is a look-alike of this one.
     * Written with the username (`usernameColumns`); empty when there is no username.
     */
    usernameSkeletons: text().array().notNull().default(sql`'{}'::text[]`),
    /** Lower-cased. */
    email: text(),
    /** E.164. */
    phone: text(),
    passwordHash: text().notNull(),
    role: roleEnum().notNull().default('user'),
    /** Granted permissions; the effective ones are computed per request. */
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    isAdminValidated: boolean().notNull().default(false),
    requestedAdminType: text(),
    isBlocked: boolean().notNull().default(false),
    /** The account is verified once one of its contacts is (each contact has its own flag). */
    isVerified: boolean().notNull().default(false),
    /** The e-mail was proven by a code sent to it (or given by an administrator). */
    emailVerified: boolean().notNull().default(false),
    /** The phone was proven by a code sent to it by SMS. An unverified phone can be reclaimed (decision 008). */
    phoneVerified: boolean().notNull().default(false),
    plan: planEnum().notNull().default('freemium'),
    /** End of a premium period earned by rewards; null when the plan has no end date. */
    premiumUntil: timestamp({ withTimezone: true }),
    /** The end of premium whose reminder (three days before) was sent: one reminder per period (decision 052). */
    premiumRemindedFor: timestamp({ withTimezone: true }),
    /** Short, unguessable, case-insensitive referral code (decision 012); set by the database. */
    referralCode: text().notNull().default(sql`referral_code_new()`),
    /** The referral code this account registered with (`?ref=` carried to /GetStarted). */
    referredByCode: text(),
    failedLoginAttempts: integer().notNull().default(0),
    lockUntil: timestamp({ withTimezone: true }),
    /**
     * The served address of the profile photo (`/api/uploads/{id}-avatar.webp`, decision 046), or
     * an outside address for accounts made before; read as it is by every screen that shows it.
     */
    avatar: text(),
    address: text(),
    /** The city the account gives on its profile (free text, like an event's city). */
    city: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp({ withTimezone: true }),
    /** Open reports on this account, kept equal to the open rows of `user_reports`. */
    openReportsCount: integer().notNull().default(0),
    /**
     * Names, username, e-mail and phone lower-cased, for the admin search. Computed by
     * the database, so no write path can forget it; accents are folded by `translate`, as the
     * search pattern is by `searchable()` (docs/decisions/003, 009).
     */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`translate(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(username, '') || ' ' || coalesce(phone, '')), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿ', 'aaaaaaeeeeiiiiooooouuuucny')`,
    ),
  },
  (table) => [
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    // Look-alike usernames (decisions 008, 024): `username_skeletons && array[…]` through GIN.
    index('users_username_skeletons_idx').using('gin', table.usernameSkeletons),
    // The rows still to be given their skeletons at start (written before migration 0016).
    index('users_username_skeletons_missing_idx')
      .on(table.id)
      .where(sql`${table.username} is not null and ${table.usernameSkeletons} = '{}'::text[]`),
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_phone_key').on(table.phone),
    index('users_role_idx').on(table.role, table.createdAt),
    index('users_created_at_idx').on(table.createdAt),
    index('users_reported_idx').on(table.role, table.createdAt).where(sql`${table.openReportsCount} > 0`),
    uniqueIndex('users_referral_code_key').on(sql`lower(${table.referralCode})`),
    index('users_premium_until_idx').on(table.premiumUntil).where(sql`${table.premiumUntil} is not null`),
    // Premium accounts whose end has passed and the expiry job has not yet moved back to freemium
    // (decision 055): the dashboard takes them off the premium count, reading a handful of entries.
    index('users_premium_lapsed_idx')
      .on(table.premiumUntil)
      .where(sql`${table.role} = 'user' and ${table.plan} = 'premium' and ${table.premiumUntil} is not null`),
    // The accounts list (decision 013, migration 0008): the search of `search_text`, and by role newest first.
    index('users_search_trgm_idx').using('gin', table.searchText.op(TRIGRAMS)),
    index('users_role_created_id_idx').on(table.role, ...newestFirst(table.createdAt, table.id)),
  ],
);

/** One account as stored. */
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ip: text(),
  },
  (table) => [uniqueIndex('sessions_token_hash_key').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

/**
 * Devices an account signed in from (issue 24): the browser or app keeps the token it got at a
 * successful sign-in and sends it back; only that token, never the address, lets the owner past
 * a sign-in wait of their account (many people share one carrier address).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** SHA-256 of the device token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('known_devices_user_idx').on(table.userId)],
);

/** 'contact': a code sent to a new e-mail or phone, to change it (decision 048). */
export const otpPurposeEnum = pgEnum('otp_purpose', ['verify', 'reset', 'contact']);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * Null once the account is gone (an unverified account deleted when its contacts were
     * released): the row stays so the caps per destination still count its code (issue 24, item 6).
     */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    purpose: otpPurposeEnum().notNull(),
    codeHash: text().notNull(),
    /** Where the code went: the e-mail or the E.164 phone (caps per destination, decision 008). */
    destination: text().notNull().default(''),
    /** 'link': a reset link token beside the e-mail code (never counted as a code sent). */
    channel: text().$type<'email' | 'sms' | 'link'>().notNull().default('email'),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    index('one_time_codes_destination_idx').on(table.destination, table.createdAt),
  ],
);

/**
 * Failed sign-ins per (account, client address) pair: growing delays for that pair only, so a
 * stranger elsewhere cannot lock a real user out (decision 008). `subject` is the account id,
 * or `?` + the normalised identifier when no account has it (answered the same way).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    subject: text().notNull(),
    ip: text().notNull(),
    failures: integer().notNull().default(0),
    blockedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subject, table.ip] }), index('login_throttles_updated_idx').on(table.updatedAt)],
);

/**
 * When the current unverified hold on a contact (a lower-cased e-mail or an E.164 phone) started.
 * A hold starts at most once a day per contact: a new unverified account that takes the contact
 * again within the day gets no new hour, so a squatter cannot renew it (decision 021).
 */
export const contactHolds = pgTable(
  'contact_holds',
  {
    contact: text().primaryKey(),
    heldSince: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('contact_holds_held_since_idx').on(table.heldSince)],
);
