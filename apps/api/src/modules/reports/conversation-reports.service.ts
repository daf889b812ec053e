import { pageWindow } from '../../db/page-window';
import {
  CONVERSATION_REPORT_MESSAGES as R,
  CONVERSATION_REPORTS_PAGE_SIZE,
  type ConversationReport,
  type ConversationReportDetail,
  type ConversationReportsQuery,
  type ConversationReportsResponse,
  REPORTED_MESSAGES_KEPT,
  type ReportConversationInput,
} from '@app/shared/conversation-reports';
import type { SubmittedReport } from '@app/shared/community';
import { CONVERSATION_MESSAGES as M } from '@app/shared/conversations';
import { ADMIN_ROLES } from '@app/shared/permissions';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { RealtimeHub } from '../../plugins/realtime';
import type { SessionUser } from '../auth/session.service';
import { findConversation, insertBlock } from '../conversations/conversations.repository';
import { findAccount, insertOpenReport, lastMessagesBy, listOpenConversationReports } from './reports.repository';
import { blockReportedUser, chatScopeOf, dismissReport, reportInQueue } from './reports.service';
import { asReason, reportedMessagesOf, toConversationReport } from './reports.view';

/*
 * Reports of a conversation (decision 064). A participant or an organiser reports the other
 * person of their thread about an event (a support thread is the team's own: not reported); the
 * reported person's last messages there are copied into the report, as WhatsApp forwards the last
 * five. The team handles them in 'Messagerie' › 'Signalées' (`manage_chats`): Classer, or Bloquer
 * l'utilisateur with the rules of 'Signalements'.
 */

export interface ConversationReportsDeps {
  db: Database;
  realtime: RealtimeHub;
}

/**
 * `POST /conversations/{id}/reports`: one open report per reporter and conversation; with `block`,
 * the reporter blocks the other person in the same transaction ('Signaler et bloquer').
 */
export async function reportConversation(
  deps: ConversationReportsDeps,
  actor: SessionUser,
  conversationId: string,
  input: ReportConversationInput,
): Promise<{ message: string; report: SubmittedReport }> {
  const row = await findConversation(deps.db, conversationId);
  const { conversation } = row ?? {};
  // Someone else's conversation is unknown, as in every conversation route.
  if (!row || !conversation || (conversation.userId !== actor.id && conversation.organizerId !== actor.id)) {
    throw notFound(M.notFound);
  }
  if (conversation.kind === 'support') throw new AppError('BAD_REQUEST', R.support);
  const otherId = conversation.userId === actor.id ? conversation.organizerId : conversation.userId;
  if (!otherId || otherId === actor.id) throw new AppError('SELF_REPORT', 'Vous ne pouvez pas vous signaler vous-même');
  const other = await findAccount(deps.db, otherId);
  if (!other) throw notFound(M.userNotFound);
  if (other.isBlocked) throw new AppError('USER_BLOCKED', 'Ce compte est déjà bloqué');

  const inserted = await deps.db.transaction(async (tx) => {
    const messages = await lastMessagesBy(tx, conversationId, otherId, REPORTED_MESSAGES_KEPT);
    const report = await insertOpenReport(tx, {
      reporterId: actor.id,
      targetId: otherId,
      targetIsAdmin: ADMIN_ROLES.includes(other.role),
      reason: input.reason,
      details: input.details ?? null,
      targetType: 'conversation',
      subjectId: conversationId,
      conversationId,
      evidence: {
        eventTitle: row.event?.title ?? null,
        messages: messages.map((message) => ({
          id: message.id,
          text: message.text,
          createdAt: message.createdAt.toISOString(),
        })),
      },
    });
    if (!report) throw new AppError('REPORT_EXISTS', R.exists);
    if (input.block) await insertBlock(tx, actor.id, otherId);
    return report;
  });

  await deps.realtime.tellSupport();
  // Both screens of the thread show at once that nobody writes there any more.
  if (input.block) await deps.realtime.tell([actor.id, otherId], { type: 'conversation', conversationId });
  return {
    message: input.block ? R.sentAndBlocked : R.sent,
    report: {
      _id: inserted.id,
      targetId: conversationId,
      targetType: 'conversation',
      reason: asReason(inserted.reason),
      details: inserted.details,
      status: inserted.status,
      createdAt: inserted.createdAt.toISOString(),
    },
  };
}

/** `GET /admin/conversation-reports`: the open reports, newest first, 20 a page. */
export async function conversationReportQueue(
  deps: ConversationReportsDeps,
  actor: SessionUser,
  query: ConversationReportsQuery,
): Promise<ConversationReportsResponse> {
  const limit = CONVERSATION_REPORTS_PAGE_SIZE;
  const rows = await listOpenConversationReports(
    deps.db,
    chatScopeOf(actor),
    query.search || undefined,
    pageWindow({ page: query.page, limit }),
  );
  return { items: rows.slice(0, limit).map(toConversationReport), hasMore: rows.length > limit };
}

/** `GET /admin/conversation-reports/{id}`: the report and the messages in question (open or handled). */
export async function conversationReportDetail(
  deps: ConversationReportsDeps,
  actor: SessionUser,
  id: string,
): Promise<ConversationReportDetail> {
  const row = await reportInQueue(deps, actor, id, 'messagerie');
  return { report: toConversationReport(row), messages: reportedMessagesOf(row) };
}

/** `PUT /admin/conversation-reports/{id}/dismiss`: Classer (audited `report.dismiss`). */
export async function dismissConversationReport(
  deps: ConversationReportsDeps,
  actor: SessionUser,
  id: string,
): Promise<{ message: string; report: ConversationReport }> {
  const report = toConversationReport(await dismissReport(deps, actor, id, 'messagerie'));
  await deps.realtime.tellSupport();
  return { message: R.dismissed, report };
}

/**
 * `PUT /admin/conversation-reports/{id}/block`: Bloquer l'utilisateur (audited `report.block`, and
 * `user.block` by the accounts module). The account's sessions end, its open streams stop at once,
 * and the other side's thread says that nobody writes there any more.
 */
export async function blockFromConversationReport(
  deps: ConversationReportsDeps,
  actor: SessionUser,
  id: string,
): Promise<{ message: string; report: ConversationReport }> {
  const row = await blockReportedUser(deps, actor, id, 'messagerie');
  const report = toConversationReport(row);
  await deps.realtime.tell([report.reported._id], { type: 'revoked' });
  if (row.reporterId && report.conversationId) {
    await deps.realtime.tell([row.reporterId], { type: 'conversation', conversationId: report.conversationId });
  }
  await deps.realtime.tellSupport();
  return { message: R.blocked, report };
}
