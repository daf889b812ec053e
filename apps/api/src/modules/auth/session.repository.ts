import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema/index';

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** What a request needs of its account: who it is and what it may do (the whole row is read where shown). */
const sessionAccount = {
  id: users.id,
  role: users.role,
  isBlocked: users.isBlocked,
  isVerified: users.isVerified,
  isAdminValidated: users.isAdminValidated,
  permissions: users.permissions,
};
export type SessionAccount = Pick<UserRow, keyof typeof sessionAccount>;

/** A session not revoked, with its times and its account; whether it is still live is checked at each use. */
export interface LiveSession {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  user: SessionAccount;
}

export type LiveSessionQuery = (tokenHash: string) => Promise<LiveSession | null>;

/** The session of a token hash that is not revoked, with its account. One query, prepared once. */
export function prepareLiveSessionQuery(db: Database): LiveSessionQuery {
  const query = db
    .select({ sessionId: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, user: sessionAccount })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('live_session');
  return async (tokenHash) => {
    const [found] = await query.execute({ tokenHash });
    return found ?? null;
  };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account (password reset, block, revoke). */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
