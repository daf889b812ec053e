import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema/index';

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The session of a token hash that is not revoked, not expired at `now` and (when given) created
 * after `createdAfter`, with its account. One query.
 */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
  createdAfter?: Date,
): Promise<{ sessionId: string; user: UserRow } | null> {
  const [found] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        createdAfter ? gt(sessions.createdAt, createdAfter) : undefined,
      ),
    )
    .limit(1);
  return found ?? null;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account (password reset, block, revoke). */
export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
