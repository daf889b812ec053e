import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { toE164 } from '@app/shared/phone';
import type { Database } from '../../db/client';
import { oneTimeCodes, users } from '../../db/schema/index';
import type { UserRow } from './session.service';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type CodePurpose = OneTimeCodeRow['purpose'];

/** Finds an account by username (any case), e-mail (any case) or phone (any written form). */
export async function findUserByIdentifier(db: Database, identifier: string): Promise<UserRow | null> {
  const value = identifier.trim();
  if (!value) return null;
  let condition = sql`lower(${users.username}) = ${value.toLowerCase()}`;
  if (value.includes('@')) condition = eq(users.email, value.toLowerCase());
  else {
    const phone = /^[+\d\s().-]+$/.test(value) ? toE164(value) : null;
    if (phone) condition = sql`(${condition} or ${users.phone} = ${phone})`;
  }
  const [row] = await db.select().from(users).where(condition).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const e164 = toE164(phone);
  if (!e164) return null;
  const [row] = await db.select().from(users).where(eq(users.phone, e164)).limit(1);
  return row ?? null;
}

/** Which of username, e-mail and phone are already taken (one query). */
export async function findTakenFields(
  db: Database,
  values: { username: string; email?: string; phone?: string },
): Promise<Set<'username' | 'email' | 'phone'>> {
  const rows = await db
    .select({ username: users.username, email: users.email, phone: users.phone })
    .from(users)
    .where(
      sql`lower(${users.username}) = ${values.username.toLowerCase()}
        or ${users.email} = ${values.email ?? null}
        or ${users.phone} = ${values.phone ?? null}`,
    )
    .limit(3);
  const taken = new Set<'username' | 'email' | 'phone'>();
  for (const row of rows) {
    if (row.username?.toLowerCase() === values.username.toLowerCase()) taken.add('username');
    if (values.email && row.email === values.email) taken.add('email');
    if (values.phone && row.phone === values.phone) taken.add('phone');
  }
  return taken;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function recordLogin(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ lastLogin: new Date(), failedLoginAttempts: 0, lockUntil: null }).where(eq(users.id, userId));
}

/**
 * Counts one failed sign-in in one statement; at `maxAttempts` the account is locked until
 * `lockUntil` and the counter starts again. Answers the lock time when this failure locked it.
 */
export async function recordFailedLogin(
  db: Database,
  userId: string,
  maxAttempts: number,
  lockUntil: Date,
): Promise<Date | null> {
  const reached = sql`${users.failedLoginAttempts} + 1 >= ${maxAttempts}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginAttempts: sql`case when ${reached} then 0 else ${users.failedLoginAttempts} + 1 end`,
      lockUntil: sql`case when ${reached} then ${lockUntil.toISOString()}::timestamptz else ${users.lockUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockUntil: users.lockUntil });
  return row?.lockUntil && row.lockUntil.getTime() === lockUntil.getTime() ? row.lockUntil : null;
}

export async function markVerified(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLoginAttempts: 0, lockUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

// ---------------------------------------------------------------- one-time codes

export async function latestCode(db: Database, userId: string, purpose: CodePurpose): Promise<OneTimeCodeRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Stores a new code and ends every earlier open code of the same purpose. */
export async function replaceCode(
  db: Database,
  values: { userId: string; purpose: CodePurpose; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: values.createdAt })
      .where(
        and(eq(oneTimeCodes.userId, values.userId), eq(oneTimeCodes.purpose, values.purpose), isNull(oneTimeCodes.consumedAt)),
      );
    await tx.insert(oneTimeCodes).values(values);
  });
}

/** Counts a wrong try; answers the new count. */
export async function addCodeAttempt(db: Database, codeId: string): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, codeId))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
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

export async function clearFailedLogins(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ failedLoginAttempts: 0, lockUntil: null }).where(eq(users.id, userId));
}

/** PostgreSQL unique_violation (23505), possibly wrapped by the driver layer. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
