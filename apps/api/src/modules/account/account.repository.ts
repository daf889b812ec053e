import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema/index';

/** The account's live sessions, newest first (sessions_user_idx; a handful per account). */
export async function liveSessions(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(100);
}

/** Revokes one live session of the account; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the account but one (the device that changed the password). */
export async function revokeOtherSessions(db: Executor, userId: string, keep: string | null | undefined) {
  const condition = keep
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: new Date() }).where(condition);
}
