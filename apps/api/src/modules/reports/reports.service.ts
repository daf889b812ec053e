import type { CreateReportInput, Report, SubmittedReport } from '@app/shared/community';
import type { Database } from '../../db/client';
import { AppError, notFound, permissionMissing } from '../../lib/errors';
import { ADMIN_ROLES } from '@app/shared/permissions';
import { recordAudit } from '../audit/audit.repository';
import { setBlockedIn } from '../admins/admins.service';
import type { SessionUser } from '../auth/session.service';
import {
  closeOpenReportsOn,
  closeReport,
  findAccount,
  findReport,
  insertOpenReport,
  listOpenReports,
  type ReportScope,
  type ReportWithPeople,
} from './reports.repository';
import { asReason, toReport } from './reports.view';

/*
 * Reports on users. Anyone signed in reports another account, once while the report
 * is open. Moderation: a report on a user is handled with `manage_users`, a report on an
 * administrator with `manage_admins`. Each decision is audited and closes the report.
 */

export interface ReportsDeps {
  db: Database;
}

/**
 * `POST /users/{id}/reports`. The reporter gets back what they sent (with the report's id, status
 * and date), never the target's name, e-mail or role: any signed-in account may report any id.
 */
export async function reportUser(
  deps: ReportsDeps,
  actor: SessionUser,
  targetId: string,
  input: { reason: CreateReportInput['reason']; details?: string },
): Promise<SubmittedReport> {
  if (targetId === actor.id) throw new AppError(400, 'SELF_REPORT', 'Vous ne pouvez pas vous signaler vous-même');
  const target = await findAccount(deps.db, targetId);
  if (!target) throw notFound('Utilisateur introuvable');
  if (target.isBlocked) throw new AppError(409, 'USER_BLOCKED', 'Ce compte est déjà bloqué');
  const row = await deps.db.transaction(async (tx) =>
    insertOpenReport(tx, {
      reporterId: actor.id,
      targetId,
      targetIsAdmin: ADMIN_ROLES.includes(target.role),
      reason: input.reason,
      details: input.details ?? null,
    }),
  );
  if (!row)
    throw new AppError(409, 'REPORT_EXISTS', 'Vous avez déjà signalé cet utilisateur ; votre signalement est en cours d’examen');
  return {
    _id: row.id,
    targetId: row.targetId,
    reason: asReason(row.reason),
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The targets this moderator handles, or 403. */
export function scopeOf(actor: SessionUser): ReportScope {
  const users = actor.permissions.includes('manage_users');
  const admins = actor.permissions.includes('manage_admins');
  if (users && admins) return 'all';
  if (users) return 'users';
  if (admins) return 'admins';
  throw permissionMissing();
}

/** `GET /reports`: the open queue, newest first. */
export async function listReportQueue(
  deps: ReportsDeps,
  actor: SessionUser,
  page: number,
  limit: number,
): Promise<{ items: Report[]; total: number }> {
  const { rows, total } = await listOpenReports(deps.db, scopeOf(actor), page, limit);
  return { items: rows.map(toReport), total };
}

async function loadForModeration(deps: ReportsDeps, actor: SessionUser, id: string): Promise<ReportWithPeople> {
  const scope = scopeOf(actor);
  const row = await findReport(deps.db, id);
  if (!row) throw notFound('Signalement introuvable');
  const onAdmin = row.report.targetIsAdmin;
  if (scope !== 'all' && (scope === 'admins') !== onAdmin) throw permissionMissing();
  if (row.report.status !== 'open') throw new AppError(409, 'REPORT_CLOSED', 'Ce signalement a déjà été traité');
  return row;
}

/** `PUT /reports/{id}/dismiss`: Classer. */
export async function dismissReport(deps: ReportsDeps, actor: SessionUser, id: string): Promise<Report> {
  const row = await loadForModeration(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    const closed = await closeReport(tx, id, 'dismissed', actor.id);
    if (!closed) throw new AppError(409, 'REPORT_CLOSED', 'Ce signalement a déjà été traité');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'report.dismiss',
      targetType: 'report',
      targetId: id,
      before: { status: 'open', targetId: row.report.targetId, reason: row.report.reason },
      after: { status: 'dismissed' },
    });
  });
  const updated = await findReport(deps.db, id);
  if (!updated) throw notFound('Signalement introuvable');
  return toReport(updated);
}

/**
 * `PUT /reports/{id}/block`: Bloquer l'utilisateur. The block follows the rules of the accounts
 * module (sessions end at once, audited there) and every open report on that account closes, in
 * one transaction: a failure leaves neither a blocked account with open reports nor the reverse.
 */
export async function blockReportedUser(deps: ReportsDeps, actor: SessionUser, id: string): Promise<Report> {
  const row = await loadForModeration(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await setBlockedIn(tx, actor, row.report.targetId, true);
    const closed = await closeOpenReportsOn(tx, row.report.targetId, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'report.block',
      targetType: 'report',
      targetId: id,
      before: { status: 'open', targetId: row.report.targetId, reason: row.report.reason },
      after: { status: 'actioned', reportsClosed: closed },
    });
  });
  const updated = await findReport(deps.db, id);
  if (!updated) throw notFound('Signalement introuvable');
  return toReport(updated);
}
