import type { Report, ReportReason } from '@app/shared/community';
import { REPORT_REASONS } from '@app/shared/community';
import type { ConversationReport, ReportedMessage } from '@app/shared/conversation-reports';
import { eventPublicPath } from '../events/event-paths';
import type { ReportWithPeople } from './reports.repository';

/*
 * A report as the API shows it: to the moderators' queue (reports.service) and on the account's
 * page (admins.service). Its own file, so that the accounts service, which the reports service
 * calls to block a reported user, does not import the reports service back.
 */

function personName(first: string | null, last: string | null, username: string | null, email: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim() || username || email || 'Anonyme';
}

export function asReason(value: string): ReportReason {
  return (REPORT_REASONS as readonly string[]).includes(value) ? (value as ReportReason) : 'other';
}

export function toReport(row: ReportWithPeople): Report {
  const { report } = row;
  return {
    _id: report.id,
    reason: asReason(report.reason),
    details: report.details,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    reporter: row.reporterId
      ? {
          _id: row.reporterId,
          name: personName(row.reporterFirstName, row.reporterLastName, row.reporterUsername, row.reporterEmail),
          username: row.reporterUsername,
          email: row.reporterEmail,
          avatar: row.reporterAvatar,
        }
      : null,
    targetType: report.targetType,
    target: {
      _id: report.targetId,
      name: personName(row.targetFirstName, row.targetLastName, row.targetUsername, row.targetEmail),
      username: row.targetUsername,
      email: row.targetEmail,
      avatar: row.targetAvatar,
      role: row.targetRole,
      isBlocked: row.targetIsBlocked,
    },
    event:
      report.eventId && row.eventTitle !== null && row.eventShortId !== null
        ? {
            _id: report.eventId,
            title: row.eventTitle,
            publicPath: eventPublicPath({ title: row.eventTitle, shortId: row.eventShortId }),
            isPublic: row.eventIsPublic ?? true,
          }
        : null,
    comment: report.commentId && row.commentText !== null ? { _id: report.commentId, text: row.commentText } : null,
  };
}

/** A report of a conversation as 'Messagerie' shows it (decision 064); `messages` only for its detail. */
export function toConversationReport(row: ReportWithPeople): ConversationReport {
  const { report } = row;
  return {
    _id: report.id,
    reason: asReason(report.reason),
    details: report.details,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    reporter: row.reporterId
      ? {
          _id: row.reporterId,
          name: personName(row.reporterFirstName, row.reporterLastName, row.reporterUsername, row.reporterEmail),
        }
      : null,
    reported: {
      _id: report.targetId,
      name: personName(row.targetFirstName, row.targetLastName, row.targetUsername, row.targetEmail),
      email: row.targetEmail,
      phone: row.targetPhone,
      role: row.targetRole,
      isBlocked: row.targetIsBlocked,
    },
    conversationId: report.conversationId,
    eventTitle: report.evidence?.eventTitle ?? null,
    messagesCount: report.evidence?.messages.length ?? 0,
  };
}

export function reportedMessagesOf(row: ReportWithPeople): ReportedMessage[] {
  return (row.report.evidence?.messages ?? []).map((message) => ({
    _id: message.id,
    text: message.text,
    createdAt: message.createdAt,
  }));
}
