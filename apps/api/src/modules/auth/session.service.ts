import { effectivePermissions, type Permission } from '@app/shared/permissions';
import type { PublicUser } from '@app/shared/users';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { newToken, sha256 } from '../../lib/tokens';
import type { SessionCache } from './session-cache';
import { insertSession, prepareLiveSessionQuery, type SessionAccount } from './session.repository';

/** The account behind a request, with the permissions it holds right now. */
export interface SessionUser {
  id: string;
  role: UserRow['role'];
  isBlocked: boolean;
  isVerified: boolean;
  permissions: Permission[];
}

export function toSessionUser(account: SessionAccount): SessionUser {
  return {
    id: account.id,
    role: account.role,
    isBlocked: account.isBlocked,
    isVerified: account.isVerified,
    permissions: effectivePermissions(account),
  };
}

export function userStatus(row: Pick<UserRow, 'isBlocked' | 'isVerified'>): PublicUser['status'] {
  if (row.isBlocked) return 'blocked';
  return row.isVerified ? 'active' : 'pending';
}

/** The user as every API answer shows it: no secret, effective permissions. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    role: row.role,
    permissions: effectivePermissions(row),
    isAdminValidated: row.isAdminValidated,
    isBlocked: row.isBlocked,
    isVerified: row.isVerified,
    requestedAdminType:
      row.requestedAdminType === 'admin' || row.requestedAdminType === 'superadmin' ? row.requestedAdminType : null,
    status: userStatus(row),
    avatar: row.avatar,
    lockUntil: row.lockUntil && row.lockUntil > new Date() ? row.lockUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
  };
}

export async function createSession(
  db: Database,
  userId: string,
  ttlHours: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await insertSession(db, {
    userId,
    tokenHash: sha256(token),
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

export type SessionFinder = (
  token: string,
  rules?: { maxAgeHours?: number; requireVerified?: boolean; fresh?: boolean },
) => Promise<{ sessionId: string; user: SessionUser } | null>;

/**
 * Finds the live session of a bearer token and its account, or null: one query, or none when
 * `cache` kept it (decision 070) and `fresh` is not asked. A session older than `maxAgeHours` (the current
 * `sessionTimeout`) has ended too: shortening the setting shortens the sessions already open
 * (decision 008). With `requireVerified` (the current `requireEmailVerification`), an
 * unverified account's session does not count: switching the setting back on ends the sessions
 * such accounts opened while it was off (issue 24), as sign-in would refuse them.
 */
export function sessionFinder(db: Database, cache?: SessionCache): SessionFinder {
  const readLiveSession = prepareLiveSessionQuery(db);
  return async (token, rules = {}) => {
    if (!token || token.length > 200) return null;
    const tokenHash = sha256(token);
    const found =
      cache && !rules.fresh ? await cache.get(tokenHash, () => readLiveSession(tokenHash)) : await readLiveSession(tokenHash);
    if (!found) return null;
    const now = Date.now();
    if (found.expiresAt.getTime() <= now) return null;
    if (rules.maxAgeHours && found.createdAt.getTime() <= now - rules.maxAgeHours * 3600_000) return null;
    if (rules.requireVerified && !found.user.isVerified) return null;
    return { sessionId: found.sessionId, user: toSessionUser(found.user) };
  };
}
