import { findUserById } from '../auth/auth.repository';
import {
  type AdminCounts,
  adminStatus,
  type AuditEntryView,
  type CreateAdminBody,
  type ManagedUser,
  type ManagedUserDetail,
  type UpdateAdminInput,
} from '@app/shared/admins';
import { ADMIN_ROLES, isPermission, type Permission } from '@app/shared/permissions';
import { AppError, badRequest, conflict, forbidden, notFound, permissionMissing } from '../../lib/errors';
import { checkPasswordRules } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
import { listAuditInvolving } from '../audit/audit.repository';
import { recordWrite } from '../audit/record-write';
import { countUserCommunity, listActivities, releaseCountersOf } from '../community/community.repository';
import { releaseDailyOf } from '../event-stats/event-stats.repository';
import { listReportsOn, releaseReportsBy } from '../reports/reports.repository';
import { toReport } from '../reports/reports.view';
import type { UserRow } from '../../db/schema/index';
import { revokeAllSessions } from '../auth/session.repository';
import { type SessionUser, toPublicUser } from '../auth/session.service';
import {
  countAdminsByStatus,
  deleteManagedUser,
  insertAdmin,
  listUsers,
  lockUserById,
  type UserListFilter,
  updateManagedUser,
} from './admins.repository';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Database, Tx } from '../../db/client';
import type { SettingsService } from '../settings/settings.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { FastifyBaseLogger } from 'fastify';
import { adminApprovedEmail, adminApprovedSms, adminWelcomeEmail } from './admins.messages';

/*
 * Access rules of the /users routes. A route declares one access level, so most of them declare
 * 'authenticated' and the rules below decide from the target account:
 * - an admin or superadmin account is managed with `manage_admins`; approving a pending admin
 *   also with `validate_admins`; reading the admin list or one admin with either;
 * - any other account (user, partner) with `manage_users`.
 * Whatever the permission: nobody changes, blocks or revokes their own account; a superadmin is
 * never changed, blocked, downgraded or revoked; nobody hands out the superadmin role; an admin
 * grants or withdraws only permissions it holds itself. `actor.permissions` are the effective
 * ones of this request, so a pending or blocked admin holds none.
 */

const RECENT_ACTIVITY_SIZE = 20;
const REPORTS_SHOWN = 50;
const SUPERADMIN_UNTOUCHABLE = 'Un superadmin ne peut être ni modifié, ni bloqué, ni révoqué';

function isAdminAccount(row: Pick<UserRow, 'role'>): boolean {
  return ADMIN_ROLES.includes(row.role);
}

function holds(actor: SessionUser, ...permissions: Permission[]): boolean {
  return permissions.some((permission) => actor.permissions.includes(permission));
}

function requireAny(actor: SessionUser, ...permissions: Permission[]): void {
  if (!holds(actor, ...permissions)) throw permissionMissing();
}

/** The permission that manages this account. */
function managingPermission(target: Pick<UserRow, 'role'>): Permission {
  return isAdminAccount(target) ? 'manage_admins' : 'manage_users';
}

export function toManagedUser(row: UserRow): ManagedUser {
  return {
    ...toPublicUser(row),
    grantedPermissions: row.permissions.filter(isPermission),
    adminStatus: isAdminAccount(row) ? adminStatus(row) : null,
    reportsCount: row.openReportsCount,
  };
}

/** What the audit log keeps of an account before and after a change. */
function snapshot(row: UserRow) {
  return {
    role: row.role,
    permissions: row.permissions,
    isAdminValidated: row.isAdminValidated,
    isBlocked: row.isBlocked,
  };
}

/** What the accounts service works with (decision 019): never the whole Fastify instance. */
export interface AdminsDeps {
  db: Database;
  settings: SettingsService;
  notifications: Pick<NotificationService, 'queueEmail' | 'queueSms'>;
  log: FastifyBaseLogger;
  /** PUBLIC_URL, for the sign-in link of the approval and welcome messages. */
  publicUrl: string;
}

function signInUrl(deps: Pick<AdminsDeps, 'publicUrl'>): string {
  return `${deps.publicUrl.replace(/\/$/, '')}/GetStarted`;
}

/**
 * An approved administrator hears it (issue 25 item 10): by e-mail when its e-mail is verified,
 * else by SMS when its phone is; an unverified contact may be someone else's, so it gets nothing.
 * Queued through the outbox (decision 018): the approval never waits for the mail server, and a
 * failure to store the message never undoes it.
 */
async function notifyApprovedAdmin(deps: AdminsDeps, row: UserRow): Promise<void> {
  const { siteName } = (await deps.settings.get()).general;
  try {
    if (row.email && row.emailVerified) {
      await deps.notifications.queueEmail(adminApprovedEmail(row.email, row.firstName, siteName, signInUrl(deps)));
    } else if (row.phone && row.phoneVerified) {
      await deps.notifications.queueSms(adminApprovedSms(row.phone, siteName, signInUrl(deps)));
    }
  } catch (error) {
    deps.log.error({ err: error, userId: row.id }, 'admin approval message not stored for delivery');
  }
}

/** An administrator created by another one gets a welcome e-mail that says how to sign in. */
async function welcomeCreatedAdmin(deps: AdminsDeps, actor: SessionUser, row: UserRow): Promise<void> {
  if (!row.email) return;
  const { siteName } = (await deps.settings.get()).general;
  try {
    const author = await findUserById(deps.db, actor.id);
    const creator = [author?.firstName, author?.lastName].join(' ').trim() || 'Un administrateur';
    await deps.notifications.queueEmail(adminWelcomeEmail(row.email, row.firstName, creator, siteName, signInUrl(deps)));
  } catch (error) {
    deps.log.error({ err: error, userId: row.id }, 'admin welcome message not stored for delivery');
  }
}

async function loadTarget(deps: AdminsDeps, id: string): Promise<UserRow> {
  const row = await findUserById(deps.db, id);
  if (!row) throw notFound('Utilisateur introuvable');
  return row;
}

export async function listManagedUsers(
  deps: AdminsDeps,
  actor: SessionUser,
  filter: Omit<UserListFilter, 'role'> & { role?: UserListFilter['role'] },
): Promise<{ items: ManagedUser[]; total: number; counts?: AdminCounts }> {
  const role = filter.role ?? 'user';
  if (role === 'admin') requireAny(actor, 'manage_admins', 'validate_admins');
  else requireAny(actor, 'manage_users');
  const [{ rows, total }, counts] = await Promise.all([
    listUsers(deps.db, { ...filter, role }),
    role === 'admin' ? countAdminsByStatus(deps.db, filter.q) : Promise.resolve(undefined),
  ]);
  return { items: rows.map(toManagedUser), total, counts };
}

async function loadReadable(deps: AdminsDeps, actor: SessionUser, id: string): Promise<UserRow> {
  requireAny(actor, 'manage_users', 'manage_admins', 'validate_admins');
  const target = await loadTarget(deps, id);
  if (isAdminAccount(target)) requireAny(actor, 'manage_admins', 'validate_admins');
  else requireAny(actor, 'manage_users');
  return target;
}

/**
 * `GET /users/{id}`: the account; for a user (not an administrator) also its counts, its recent
 * activities and the reports on it (`reports`, `recentActivity`).
 */
export async function getManagedUser(deps: AdminsDeps, actor: SessionUser, id: string): Promise<ManagedUserDetail> {
  const row = await loadReadable(deps, actor, id);
  if (isAdminAccount(row)) return toManagedUser(row);
  const [counts, recent, reports] = await Promise.all([
    countUserCommunity(deps.db, id),
    listActivities(deps.db, id, RECENT_ACTIVITY_SIZE),
    listReportsOn(deps.db, id, REPORTS_SHOWN),
  ]);
  return {
    ...toManagedUser(row),
    counts,
    recentActivity: recent.map((activity) => ({
      _id: activity.id,
      type: activity.type,
      description: activity.description,
      eventId: activity.eventId,
      date: activity.createdAt.toISOString(),
    })),
    reports: reports.map(toReport),
  };
}

export async function listUserAudit(deps: AdminsDeps, actor: SessionUser, id: string): Promise<AuditEntryView[]> {
  await loadReadable(deps, actor, id);
  const rows = await listAuditInvolving(deps.db, id, 20);
  const name = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());
  return rows.map((row) => ({
    _id: row.id,
    action: row.action,
    actorId: row.actorId,
    actorName: name(row.actorFirstName, row.actorLastName),
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: name(row.targetFirstName, row.targetLastName),
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
}

function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  return [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
}

/** An admin grants or withdraws only permissions it holds itself. */
function assertCanGrant(actor: SessionUser, changed: readonly string[]): void {
  const missing = changed.filter((permission) => !actor.permissions.includes(permission as Permission));
  if (missing.length > 0) {
    throw new AppError(
      'PERMISSION_NOT_HELD',
      `Vous ne pouvez accorder ou retirer que des permissions que vous détenez (${missing.join(', ')})`,
    );
  }
}

/**
 * Acting on an administrator (approving, withdrawing the validation, blocking, revoking) needs
 * every permission it holds: approving would hand them all out again, and nobody removes a
 * colleague who can do more than they can.
 */
function assertHoldsAllOf(actor: SessionUser, target: UserRow): void {
  const beyond = target.permissions.filter((permission) => !actor.permissions.includes(permission as Permission));
  if (beyond.length > 0) {
    throw new AppError(
      'PERMISSION_NOT_HELD',
      `Cet administrateur détient des permissions que vous n’avez pas (${beyond.join(', ')})`,
    );
  }
}

/** `PUT /users/{id}`: approve a pending admin and/or change its permissions. */
export async function updateAdmin(
  deps: AdminsDeps,
  actor: SessionUser,
  id: string,
  input: UpdateAdminInput,
): Promise<ManagedUser> {
  requireAny(actor, 'manage_admins', 'validate_admins');
  if (input.role === 'superadmin') throw forbidden('Le rôle superadmin ne peut pas être attribué');
  if (input.role !== undefined && input.role !== 'admin') throw badRequest('Seul le rôle admin peut être attribué ici');
  let approved: UserRow | null = null;
  const updated = await deps.db.transaction(async (tx) => {
    const target = await lockUserById(tx, id);
    if (!target) throw notFound('Utilisateur introuvable');
    if (target.id === actor.id) throw forbidden('Vous ne pouvez pas modifier vos propres droits');
    if (target.role === 'superadmin') throw forbidden(SUPERADMIN_UNTOUCHABLE);
    if (target.role !== 'admin') throw badRequest('Ce compte n’est pas un administrateur');

    const approving = input.isAdminValidated === true && !target.isAdminValidated;
    const withdrawing = input.isAdminValidated === false && target.isAdminValidated;
    const permissions = input.permissions ?? target.permissions.filter(isPermission);
    const changed = symmetricDifference(target.permissions, permissions);

    if (approving) {
      if (target.isBlocked) throw conflict('Débloquez ce compte avant de l’approuver');
      // Approval activates the whole list, so the approver must hold all of it.
      assertCanGrant(actor, permissions);
    } else if (changed.length > 0 || withdrawing) {
      requireAny(actor, 'manage_admins');
    }
    if (withdrawing) assertHoldsAllOf(actor, target);
    assertCanGrant(actor, changed);

    if (!approving && !withdrawing && changed.length === 0) return target;

    const row = await updateManagedUser(tx, id, {
      permissions,
      ...(input.isAdminValidated === undefined ? {} : { isAdminValidated: input.isAdminValidated }),
    });
    if (!row) throw notFound('Utilisateur introuvable');
    approved = approving ? row : null;
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: approving ? 'admin.approve' : withdrawing ? 'admin.unvalidate' : 'admin.permissions',
        targetType: 'user',
        targetId: id,
        before: snapshot(target),
        after: snapshot(row),
      },
    });
    return row;
  });
  if (approved) await notifyApprovedAdmin(deps, approved);
  return toManagedUser(updated);
}

/** `PUT /users/{id}/block|unblock`, `PATCH /users/{id}/unblock`. Blocking ends every session. */
export async function setBlocked(
  deps: Pick<AdminsDeps, 'db'>,
  actor: SessionUser,
  id: string,
  blocked: boolean,
): Promise<ManagedUser> {
  const updated = await deps.db.transaction((tx) => setBlockedIn(tx, actor, id, blocked));
  return toManagedUser(updated);
}

/**
 * The block rules, inside the caller's transaction (the accounts page's button, or a moderator
 * acting on a report, who closes the reports in the same transaction): who may block whom, the
 * audit row, and, when blocking, the end of every session of the account.
 */
export async function setBlockedIn(
  tx: Tx,
  actor: SessionUser,
  id: string,
  blocked: boolean,
  /**
   * The permission that stands for `manage_users` in this call: 'Messagerie' blocks the person a
   * reported conversation is about with `manage_chats` (decision 064). An administrator's account
   * still needs `manage_admins`, and a superadmin's is never blocked.
   */
  options: { usersBy?: Permission } = {},
): Promise<UserRow> {
  const usersBy = options.usersBy ?? 'manage_users';
  requireAny(actor, 'manage_admins', usersBy);
  const target = await lockUserById(tx, id);
  if (!target) throw notFound('Utilisateur introuvable');
  requireAny(actor, isAdminAccount(target) ? 'manage_admins' : usersBy);
  if (target.id === actor.id) throw forbidden('Vous ne pouvez pas bloquer ou débloquer votre propre compte');
  if (target.role === 'superadmin') throw forbidden(SUPERADMIN_UNTOUCHABLE);
  if (blocked) assertHoldsAllOf(actor, target);
  if (blocked) await revokeAllSessions(tx, id);
  if (target.isBlocked === blocked) return target;

  const admin = isAdminAccount(target);
  // A blocked admin loses its validation (the status shows validated before blocked); once
  // unblocked it waits, EN ATTENTE, for a new approval. Its granted permissions are kept.
  const row = await updateManagedUser(
    tx,
    id,
    blocked && admin ? { isBlocked: true, isAdminValidated: false } : { isBlocked: blocked },
  );
  if (!row) throw notFound('Utilisateur introuvable');
  await recordWrite(tx, {
    audit: {
      actorId: actor.id,
      action: `${admin ? 'admin' : 'user'}.${blocked ? 'block' : 'unblock'}`,
      targetType: 'user',
      targetId: id,
      before: snapshot(target),
      after: snapshot(row),
    },
  });
  return row;
}

/** `DELETE /users/{id}`: revokes an admin (or deletes a user). Irreversible; never a superadmin. */
export async function revokeUser(deps: AdminsDeps, actor: SessionUser, id: string): Promise<void> {
  requireAny(actor, 'manage_admins', 'manage_users');
  await deps.db.transaction(async (tx) => {
    const target = await lockUserById(tx, id);
    if (!target) throw notFound('Utilisateur introuvable');
    requireAny(actor, managingPermission(target));
    if (target.id === actor.id) throw forbidden('Vous ne pouvez pas révoquer votre propre compte');
    if (target.role === 'superadmin') throw forbidden('Un superadmin ne peut pas être révoqué');
    assertHoldsAllOf(actor, target);
    // Its participations, comments, likes and open reports go by cascade: take them off the counters first.
    await releaseCountersOf(tx, id);
    await releaseDailyOf(tx, id);
    await releaseReportsBy(tx, id);
    const row = await deleteManagedUser(tx, id);
    if (!row) throw notFound('Utilisateur introuvable');
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: isAdminAccount(target) ? 'admin.revoke' : 'user.delete',
        targetType: 'user',
        targetId: id,
        before: { ...snapshot(target), firstName: target.firstName, lastName: target.lastName, email: target.email },
        after: null,
      },
    });
  });
}

/** `POST /users`: an administrator created by another one is validated at once. */
export async function createAdmin(deps: AdminsDeps, actor: SessionUser, input: CreateAdminBody): Promise<ManagedUser> {
  requireAny(actor, 'manage_admins');
  assertCanGrant(actor, input.permissions);
  checkPasswordRules(input.password, (await deps.settings.get()).security.passwordMinLength, 'password');
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const inserted = await insertAdmin(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
        permissions: input.permissions,
      });
      await recordWrite(tx, {
        audit: {
          actorId: actor.id,
          action: 'admin.create',
          targetType: 'user',
          targetId: inserted.id,
          before: null,
          after: { ...snapshot(inserted), email: inserted.email },
        },
      });
      return inserted;
    });
    await welcomeCreatedAdmin(deps, actor, row);
    return toManagedUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = 'Cette adresse e-mail est déjà utilisée';
      throw conflict(message, { email: [message] });
    }
    throw error;
  }
}
