import { eq, sql } from 'drizzle-orm';
import { toE164 } from '@app/shared/phone';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserRow } from './session.service';

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

export async function recordLogin(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ lastLogin: new Date(), failedLoginAttempts: 0, lockUntil: null }).where(eq(users.id, userId));
}
