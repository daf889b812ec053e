import { and, desc, eq, gt, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { toE164 } from '@app/shared/phone';
import { usernameSkeletons, usernamesLookAlike } from '@app/shared/username-skeleton';
import type { Database, Executor } from '../../db/client';
import { contactHolds, knownDevices, loginThrottles, oneTimeCodes, users } from '../../db/schema/index';
import type { UserRow } from '../../db/schema/index';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type CodePurpose = OneTimeCodeRow['purpose'];

/** A contact's unverified hold starts at most once in this long (decision 021). */
export const CONTACT_HOLD_RENEWAL_MS = 24 * 60 * 60_000;

/**
 * Finds an account by username (any case), e-mail (any case) or phone (any written form). An
 * e-mail or phone finds the account only once it is verified (decision 021): someone who
 * registered with another person's e-mail and verified their own phone cannot sign in, be made a
 * partner's user or reset a password with that e-mail. `contacts: 'pending'` (sign-in) also lets
 * a contact find an account with no verified contact yet, so its owner can sign in to get a code;
 * `contacts: 'any'` is for the code check and resend only, which prove or reach the contact itself.
 */
export async function findUserByIdentifier(
  db: Database,
  identifier: string,
  options: { contacts?: 'verified' | 'pending' | 'any' } = {},
): Promise<UserRow | null> {
  const value = identifier.trim();
  if (!value) return null;
  const contacts = options.contacts ?? 'verified';
  const usable = (verified: typeof users.emailVerified | typeof users.phoneVerified) =>
    contacts === 'any' ? sql`true` : contacts === 'pending' ? sql`(${verified} or not ${users.isVerified})` : sql`${verified}`;
  let condition = sql`lower(${users.username}) = ${value.toLowerCase()}`;
  if (value.includes('@')) condition = sql`${users.email} = ${value.toLowerCase()} and ${usable(users.emailVerified)}`;
  else {
    const phone = /^[+\d\s().-]+$/.test(value) ? toE164(value) : null;
    if (phone) condition = sql`(${condition} or (${users.phone} = ${phone} and ${usable(users.phoneVerified)}))`;
  }
  const [row] = await db.select().from(users).where(condition).limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/** The account whose verified e-mail this is (reset, confirmation): an unverified e-mail finds nothing. */
export async function findUserByVerifiedEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.emailVerified, true)))
    .limit(1);
  return row ?? null;
}

/** The account whose verified phone this is (reset by SMS): an unverified phone finds nothing (decision 021). */
export async function findUserByVerifiedPhone(db: Database, phone: string): Promise<UserRow | null> {
  const e164 = toE164(phone);
  if (!e164) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, e164), eq(users.phoneVerified, true)))
    .limit(1);
  return row ?? null;
}

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const e164 = toE164(phone);
  if (!e164) return null;
  const [row] = await db.select().from(users).where(eq(users.phone, e164)).limit(1);
  return row ?? null;
}

/**
 * A username with the UTS #39 skeletons it is compared by (decision 024): every write of a
 * username goes through this, so no look-alike check can miss a row.
 */
export function usernameColumns(username: string): { username: string; usernameSkeletons: string[] } {
  return { username, usernameSkeletons: usernameSkeletons(username) };
}

/**
 * Which of username, e-mail and phone are already taken (one query). `exceptUserId`: the account
 * that is changing its own (the profile, decision 046), whose row never counts.
 */
export async function findTakenFields(
  db: Database,
  values: { username: string; email?: string; phone?: string },
  exceptUserId?: string,
): Promise<Set<'username' | 'email' | 'phone'>> {
  const keys = usernameSkeletons(values.username);
  const rows = await db
    .select({ username: users.username, email: users.email, phone: users.phone })
    .from(users)
    .where(
      sql`(lower(${users.username}) = ${values.username.toLowerCase()}
        or ${users.usernameSkeletons} && ${sql`array[${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]`}
        or ${users.email} = ${values.email ?? null}
        or ${users.phone} = ${values.phone ?? null})
        ${exceptUserId ? sql`and ${users.id} <> ${exceptUserId}` : sql``}`,
    )
    .limit(3);
  const taken = new Set<'username' | 'email' | 'phone'>();
  for (const row of rows) {
    // One skeleton, one name: 'admın' (dotless ı) or 'adrnin' is taken when 'admin' exists (decisions 008, 024).
    if (row.username && usernamesLookAlike(row.username, values.username)) taken.add('username');
    if (values.email && row.email === values.email) taken.add('email');
    if (values.phone && row.phone === values.phone) taken.add('phone');
  }
  return taken;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow> {
  const skeletons = values.username ? usernameColumns(values.username) : {};
  const [row] = await db
    .insert(users)
    .values({ ...values, ...skeletons })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function recordLogin(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ lastLogin: new Date(), failedLoginAttempts: 0, lockUntil: null }).where(eq(users.id, userId));
}

/**
 * Marks one contact verified (and so the account), only while the account still holds that
 * contact: a code sent to a phone that was since reclaimed by someone else proves nothing.
 */
export async function markContactVerified(
  db: Executor,
  userId: string,
  channel: CodeChannel,
  destination: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(
      channel === 'sms'
        ? { phoneVerified: true, isVerified: true, updatedAt: new Date() }
        : { emailVerified: true, isVerified: true, updatedAt: new Date() },
    )
    .where(and(eq(users.id, userId), channel === 'sms' ? eq(users.phone, destination) : eq(users.email, destination)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Frees an e-mail or phone held, unverified, by another account once its hold started before
 * `before` (decision 008): the hold starts with the contact's first unverified claim of the day
 * (`contact_holds`, decision 021), or with the account's creation when no claim is recorded. The
 * contact is removed from that account, and an unverified account left without any contact is
 * deleted (its codes stay, without account, for the caps per destination). Answers how many
 * accounts let a contact go.
 */
export async function releaseStaleContacts(
  db: Database,
  contacts: { email?: string; phone?: string },
  before: Date,
): Promise<number> {
  const holdEnded = (contact: string) =>
    sql`coalesce((select ${contactHolds.heldSince} from ${contactHolds} where ${contactHolds.contact} = ${contact}), ${users.createdAt}) < ${before.toISOString()}::timestamptz`;
  let released = 0;
  await db.transaction(async (tx) => {
    if (contacts.email) {
      const rows = await tx
        .update(users)
        .set({ email: null, emailVerified: false, updatedAt: new Date() })
        .where(and(eq(users.email, contacts.email), eq(users.emailVerified, false), holdEnded(contacts.email)))
        .returning({ id: users.id });
      released += rows.length;
    }
    if (contacts.phone) {
      const rows = await tx
        .update(users)
        .set({ phone: null, phoneVerified: false, updatedAt: new Date() })
        .where(and(eq(users.phone, contacts.phone), eq(users.phoneVerified, false), holdEnded(contacts.phone)))
        .returning({ id: users.id });
      released += rows.length;
    }
    if (released > 0) {
      await tx
        .delete(users)
        .where(and(isNull(users.email), isNull(users.phone), eq(users.isVerified, false), eq(users.role, 'user')));
    }
  });
  return released;
}

/**
 * Records that a new unverified account claims these contacts at `now`. A hold starts at most
 * once a day per contact: a claim within a day of the last start keeps that start, so the new
 * account gets no new hour (decision 021).
 */
export async function recordContactHolds(db: Database, contacts: (string | null | undefined)[], now: Date): Promise<void> {
  const values = contacts
    .filter((contact): contact is string => Boolean(contact))
    .map((contact) => ({ contact, heldSince: now }));
  if (values.length === 0) return;
  await db
    .insert(contactHolds)
    .values(values)
    .onConflictDoUpdate({
      target: contactHolds.contact,
      set: { heldSince: sql`excluded.held_since` },
      setWhere: sql`${contactHolds.heldSince} < ${new Date(now.getTime() - CONTACT_HOLD_RENEWAL_MS).toISOString()}::timestamptz`,
    });
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLoginAttempts: 0, lockUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

// ---------------------------------------------------------------- one-time codes

export type CodeChannel = 'email' | 'sms';

export async function latestCode(
  db: Executor,
  userId: string,
  purpose: CodePurpose,
  channel?: CodeChannel,
): Promise<OneTimeCodeRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        channel ? eq(oneTimeCodes.channel, channel) : undefined,
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** The codes (and link tokens) of a purpose not used yet, with more conditions. */
function openOf(purpose: CodePurpose, ...conditions: SQL[]): SQL | undefined {
  return and(eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt), ...conditions);
}

/** The codes of an account and purpose not used yet (at most one per channel), newest first; link tokens apart. */
export async function openCodes(db: Database, userId: string, purpose: CodePurpose): Promise<OneTimeCodeRow[]> {
  return db
    .select()
    .from(oneTimeCodes)
    .where(openOf(purpose, eq(oneTimeCodes.userId, userId), ne(oneTimeCodes.channel, 'link')))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(4);
}

/** Stores a new code and ends every earlier open code of the same purpose and channel. */
export async function replaceCode(
  db: Executor,
  values: {
    userId: string;
    purpose: CodePurpose;
    channel: CodeChannel | 'link';
    destination: string;
    codeHash: string;
    id?: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: values.createdAt })
      .where(openOf(values.purpose, eq(oneTimeCodes.userId, values.userId), eq(oneTimeCodes.channel, values.channel)));
    await tx.insert(oneTimeCodes).values(values);
  });
}

/**
 * Takes one try of a code in one conditional statement, so parallel guesses cannot check more
 * than `maxTries`: answers the new count, or null when the code is used or has no try left.
 */
export async function takeCodeAttempt(db: Database, codeId: string, maxTries: number): Promise<number | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, codeId), lt(oneTimeCodes.attempts, maxTries), isNull(oneTimeCodes.consumedAt)))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? null;
}

/** Codes sent (any purpose) to an account and to a destination since `hour` and since `day`. */
export async function countRecentCodes(
  db: Executor,
  userId: string,
  destination: string,
  since: { hour: Date; day: Date },
): Promise<{ accountHour: number; accountDay: number; destinationHour: number; destinationDay: number }> {
  const hour = since.hour.toISOString();
  const [row] = await db
    .select({
      accountHour: sql<number>`count(*) filter (where ${oneTimeCodes.userId} = ${userId} and ${oneTimeCodes.createdAt} > ${hour}::timestamptz)::int`,
      accountDay: sql<number>`count(*) filter (where ${oneTimeCodes.userId} = ${userId})::int`,
      destinationHour: sql<number>`count(*) filter (where ${oneTimeCodes.destination} = ${destination} and ${oneTimeCodes.createdAt} > ${hour}::timestamptz)::int`,
      destinationDay: sql<number>`count(*) filter (where ${oneTimeCodes.destination} = ${destination})::int`,
    })
    .from(oneTimeCodes)
    .where(
      and(
        gt(oneTimeCodes.createdAt, since.day),
        ne(oneTimeCodes.channel, 'link'),
        sql`(${oneTimeCodes.userId} = ${userId} or ${oneTimeCodes.destination} = ${destination})`,
      ),
    );
  return {
    accountHour: Number(row?.accountHour ?? 0),
    accountDay: Number(row?.accountDay ?? 0),
    destinationHour: Number(row?.destinationHour ?? 0),
    destinationDay: Number(row?.destinationDay ?? 0),
  };
}

/** Uses the code; only one caller can succeed (single use even under concurrent requests). */
export async function consumeCode(db: Database, codeId: string): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** An open link token by its id (the id is the token's public half). */
export async function openLink(db: Database, id: string, purpose: CodePurpose): Promise<OneTimeCodeRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(openOf(purpose, eq(oneTimeCodes.id, id), eq(oneTimeCodes.channel, 'link')))
    .limit(1);
  return row ?? null;
}

/** Ends every open code and link of an account and purpose (a reset done by one ends the others). */
export async function consumeOpenCodes(db: Database, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(openOf(purpose, eq(oneTimeCodes.userId, userId)));
}

// ---------------------------------------------------------------- sign-in throttling

export async function throttledUntil(db: Database, subject: string, ip: string): Promise<Date | null> {
  const [row] = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.subject, subject), eq(loginThrottles.ip, ip)))
    .limit(1);
  return row?.blockedUntil ?? null;
}

/**
 * Counts one failed sign-in of a (subject, address) pair in one statement. From `freeTries`
 * failures on, the pair waits 30 s, then 1, 2, 4, 8 and at most 15 minutes; a pair quiet for a
 * day starts again. Answers until when the pair now waits (null: it may try again at once).
 */
export async function recordThrottledFailure(
  db: Database,
  subject: string,
  ip: string,
  freeTries: number,
  now: Date,
): Promise<Date | null> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const failures = sql`case when ${loginThrottles.updatedAt} < ${nowSql} - interval '1 day' then 1 else ${loginThrottles.failures} + 1 end`;
  const wait = (count: SQL) =>
    sql`case when ${count} >= ${freeTries} then ${nowSql} + make_interval(secs => least(900, 30 * power(2, ${count} - ${freeTries}))) else null end`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ subject, ip, failures: 1, blockedUntil: freeTries <= 1 ? new Date(now.getTime() + 30_000) : null, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginThrottles.subject, loginThrottles.ip],
      set: { failures, blockedUntil: wait(failures), updatedAt: now },
    })
    .returning({ blockedUntil: loginThrottles.blockedUntil });
  return row?.blockedUntil ?? null;
}

/** Forgets the failures of a pair (success), or of every pair of an account (new password, unblock). */
export async function clearThrottles(db: Database, subject: string, ip?: string): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(and(eq(loginThrottles.subject, subject), ip === undefined ? undefined : eq(loginThrottles.ip, ip)));
}

/** Remembers a device of an account (the hash of the token it keeps). */
export async function rememberDevice(db: Database, userId: string, tokenHash: string): Promise<void> {
  await db.insert(knownDevices).values({ tokenHash, userId }).onConflictDoNothing();
}

/** Whether this device token belongs to the account; a known device is seen again now. */
export async function touchKnownDevice(db: Database, userId: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(knownDevices)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.userId, userId)))
    .returning({ userId: knownDevices.userId });
  return rows.length === 1;
}
