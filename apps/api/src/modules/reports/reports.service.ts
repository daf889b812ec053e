import type { CreateReportInput, Report, SubmittedReport } from '@app/shared/community';
import type { Database } from '../../db/client';
import { AppError, notFound, permissionMissing } from '../../lib/errors';
import { ADMIN_ROLES } from '@app/shared/permissions';
import { recordWrite } from '../audit/record-write';
import { setBlockedIn } from '../admins/admins.service';
import type { SessionUser } from '../auth/session.service';
import { bumpCounter, deleteComment, findComment, findCommunityEvent } from '../community/community.repository';
import { eventSightFor } from '../community/community.service';
import { recordDailyFact } from '../event-stats/event-stats.repository';
import {
  closeOpenReportsOn,
  closeOpenReportsOnComment,
  closeReport,
  findAccount,
  findReport,
  insertOpenReport,
  listOpenReports,
  type ReportScope,
  type ReportWithPeople,
} from './reports.repository';
import { asReason, toReport } from './reports.view';
import { EVENT_NOT_FOUND } from '../events/event-access';

/*
 * Reports on users. Anyone signed in reports another account, once while the report
 * is open. Moderation: a report on a user is handled with `manage_users`, a report on an
 * administrator with `manage_admins`. Each decision is audited and closes the report.
 */

export interface ReportsDeps {
  db: Database;
}

function submitted(row: Awaited<ReturnType<typeof insertOpenReport>> & {}): SubmittedReport {
  return {
    _id: row.id,
    targetId: row.subjectId,
    targetType: row.targetType,
    reason: asReason(row.reason),
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
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
  if (targetId === actor.id) throw new AppError('SELF_REPORT', 'Vous ne pouvez pas vous signaler vous-même');
  const target = await findAccount(deps.db, targetId);
  if (!target) throw notFound('Utilisateur introuvable');
  if (target.isBlocked) throw new AppError('USER_BLOCKED', 'Ce compte est déjà bloqué');
  const row = await deps.db.transaction(async (tx) =>
    insertOpenReport(tx, {
      reporterId: actor.id,
      targetId,
      targetIsAdmin: ADMIN_ROLES.includes(target.role),
      reason: input.reason,
      details: input.details ?? null,
      targetType: 'user',
      subjectId: targetId,
    }),
  );
  if (!row)
    throw new AppError('REPORT_EXISTS', 'Vous avez déjà signalé cet utilisateur ; votre signalement est en cours d’examen');
  return submitted(row);
}

/**
 * The event, if the reporter may see it (as its comments: a draft is 404 but for its organiser and
 * `manage_events`; a private one needs its share link, a participation or those roles). Cancelled
 * events stay reportable while their page stays.
 */
async function visibleEvent(deps: ReportsDeps, actor: SessionUser, eventId: string, shareToken?: string) {
  const event = await findCommunityEvent(deps.db, eventId);
  if (!event || (await eventSightFor(deps.db, actor, event, shareToken)) !== 'visible') throw notFound(EVENT_NOT_FOUND);
  return event;
}

/** Files a report on a comment or an event: the account answering for it is its author or organiser. */
async function fileContentReport(
  deps: ReportsDeps,
  actor: SessionUser,
  values: { targetType: 'comment' | 'event'; subjectId: string; eventId: string; commentId: string | null; answerer: string },
  input: { reason: CreateReportInput['reason']; details?: string },
  exists: string,
): Promise<SubmittedReport> {
  const account = await findAccount(deps.db, values.answerer);
  if (!account) throw notFound('Utilisateur introuvable');
  const row = await deps.db.transaction(async (tx) =>
    insertOpenReport(tx, {
      reporterId: actor.id,
      targetId: account.id,
      targetIsAdmin: ADMIN_ROLES.includes(account.role),
      reason: input.reason,
      details: input.details ?? null,
      targetType: values.targetType,
      subjectId: values.subjectId,
      eventId: values.eventId,
      commentId: values.commentId,
    }),
  );
  if (!row) throw new AppError('REPORT_EXISTS', exists);
  return submitted(row);
}

/** `POST /events/{id}/comments/{commentId}/reports` (decision 028). */
export async function reportComment(
  deps: ReportsDeps,
  actor: SessionUser,
  eventId: string,
  commentId: string,
  input: { reason: CreateReportInput['reason']; details?: string },
  shareToken?: string,
): Promise<SubmittedReport> {
  await visibleEvent(deps, actor, eventId, shareToken);
  const comment = await findComment(deps.db, eventId, commentId);
  if (!comment) throw notFound('Commentaire introuvable');
  if (comment.userId === actor.id) {
    throw new AppError('SELF_REPORT', 'Vous ne pouvez pas signaler votre propre commentaire');
  }
  return fileContentReport(
    deps,
    actor,
    { targetType: 'comment', subjectId: comment.id, eventId, commentId: comment.id, answerer: comment.userId },
    input,
    'Vous avez déjà signalé ce commentaire ; votre signalement est en cours d’examen',
  );
}

/** `POST /events/{id}/reports` (decision 028). */
export async function reportEvent(
  deps: ReportsDeps,
  actor: SessionUser,
  eventId: string,
  input: { reason: CreateReportInput['reason']; details?: string },
  shareToken?: string,
): Promise<SubmittedReport> {
  const event = await visibleEvent(deps, actor, eventId, shareToken);
  if (event.organizerId === actor.id) {
    throw new AppError('SELF_REPORT', 'Vous ne pouvez pas signaler votre propre évènement');
  }
  if (!event.organizerId) {
    throw new AppError('EVENT_UNOWNED', 'Cet évènement n’a plus d’organisateur : il ne peut pas être signalé');
  }
  return fileContentReport(
    deps,
    actor,
    { targetType: 'event', subjectId: event.id, eventId: event.id, commentId: null, answerer: event.organizerId },
    input,
    'Vous avez déjà signalé cet évènement ; votre signalement est en cours d’examen',
  );
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

/**
 * Where a report is handled: 'Signalements' (`manage_users`, or `manage_admins` for reports on
 * administrators) or, for a conversation's, 'Messagerie' (`manage_chats`, and `manage_admins` too
 * for a report on an administrator: decision 064). Each queue acts on its own reports only.
 */
export type ReportQueue = 'signalements' | 'messagerie';

/** The targets this member of the team handles in 'Messagerie', or 403. */
export function chatScopeOf(actor: SessionUser): ReportScope {
  if (!actor.permissions.includes('manage_chats')) throw permissionMissing();
  return actor.permissions.includes('manage_admins') ? 'all' : 'users';
}

const scopeIn = (actor: SessionUser, queue: ReportQueue) => (queue === 'messagerie' ? chatScopeOf(actor) : scopeOf(actor));

/** A report of `queue` this moderator may see (open or not), or 404/403. */
export async function reportInQueue(
  deps: ReportsDeps,
  actor: SessionUser,
  id: string,
  queue: ReportQueue,
): Promise<ReportWithPeople> {
  const scope = scopeIn(actor, queue);
  const row = await findReport(deps.db, id);
  if (!row || (row.report.targetType === 'conversation') !== (queue === 'messagerie')) throw notFound('Signalement introuvable');
  const onAdmin = row.report.targetIsAdmin;
  if (scope !== 'all' && (scope === 'admins') !== onAdmin) throw permissionMissing();
  return row;
}

async function loadForModeration(
  deps: ReportsDeps,
  actor: SessionUser,
  id: string,
  queue: ReportQueue,
): Promise<ReportWithPeople> {
  const row = await reportInQueue(deps, actor, id, queue);
  if (row.report.status !== 'open') throw new AppError('REPORT_CLOSED', 'Ce signalement a déjà été traité');
  return row;
}

/**
 * Classer: `PUT /reports/{id}/dismiss` ('Signalements'), `PUT /admin/conversation-reports/{id}/dismiss`
 * ('Messagerie'). Answers the report as it now is.
 */
export async function dismissReport(
  deps: ReportsDeps,
  actor: SessionUser,
  id: string,
  queue: ReportQueue = 'signalements',
): Promise<ReportWithPeople> {
  const row = await loadForModeration(deps, actor, id, queue);
  await deps.db.transaction(async (tx) => {
    const closed = await closeReport(tx, id, 'dismissed', actor.id);
    if (!closed) throw new AppError('REPORT_CLOSED', 'Ce signalement a déjà été traité');
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'report.dismiss',
        targetType: 'report',
        targetId: id,
        before: { status: 'open', targetId: row.report.targetId, reason: row.report.reason },
        after: { status: 'dismissed', queue },
      },
    });
  });
  return reloaded(deps, id);
}

async function reloaded(deps: ReportsDeps, id: string): Promise<ReportWithPeople> {
  const updated = await findReport(deps.db, id);
  if (!updated) throw notFound('Signalement introuvable');
  return updated;
}

/**
 * `PUT /reports/{id}/remove-comment`: Supprimer le commentaire. The comment goes (with its activity,
 * off the event's counter), every open report on it closes, and the audit keeps what it said.
 */
export async function removeReportedComment(deps: ReportsDeps, actor: SessionUser, id: string): Promise<Report> {
  const row = await loadForModeration(deps, actor, id, 'signalements');
  const { report } = row;
  if (report.targetType !== 'comment' || !report.eventId) {
    throw new AppError('NOT_A_COMMENT', 'Ce signalement ne porte pas sur un commentaire');
  }
  const comment = report.commentId ? await findComment(deps.db, report.eventId, report.commentId) : null;
  if (!comment) throw new AppError('COMMENT_GONE', 'Ce commentaire a déjà été supprimé');
  const eventId = report.eventId;
  await deps.db.transaction(async (tx) => {
    const closed = await closeOpenReportsOnComment(tx, comment.id, actor.id);
    if (!(await deleteComment(tx, comment.id))) throw new AppError('COMMENT_GONE', 'Ce commentaire a déjà été supprimé');
    await bumpCounter(tx, eventId, 'commentsCount', -1);
    await recordDailyFact(tx, comment.eventId, 'comments', comment.createdAt, -1);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'report.remove_comment',
        targetType: 'report',
        targetId: id,
        before: {
          status: 'open',
          commentId: comment.id,
          eventId,
          authorId: comment.userId,
          text: comment.text,
          reason: report.reason,
        },
        after: { status: 'actioned', commentRemoved: true, reportsClosed: closed },
      },
    });
  });
  return toReport(await reloaded(deps, id));
}

/**
 * Bloquer l'utilisateur: `PUT /reports/{id}/block` ('Signalements'), `PUT
 * /admin/conversation-reports/{id}/block` ('Messagerie', where `manage_chats` stands for
 * `manage_users`). The block follows the rules of the accounts module (sessions end at once,
 * audited there) and every open report on that account closes, in one transaction: a failure
 * leaves neither a blocked account with open reports nor the reverse. The caller tells the
 * account's streams (`revoked`).
 */
export async function blockReportedUser(
  deps: ReportsDeps,
  actor: SessionUser,
  id: string,
  queue: ReportQueue = 'signalements',
): Promise<ReportWithPeople> {
  const row = await loadForModeration(deps, actor, id, queue);
  await deps.db.transaction(async (tx) => {
    await setBlockedIn(tx, actor, row.report.targetId, true, queue === 'messagerie' ? { usersBy: 'manage_chats' } : {});
    const closed = await closeOpenReportsOn(tx, row.report.targetId, actor.id);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'report.block',
        targetType: 'report',
        targetId: id,
        before: { status: 'open', targetId: row.report.targetId, reason: row.report.reason },
        after: { status: 'actioned', reportsClosed: closed, queue },
      },
    });
  });
  return reloaded(deps, id);
}
