import { z } from 'zod';
import { createReportSchema, REPORT_REASONS, REPORT_STATUSES } from './community';

/*
 * Reports of a conversation (issue 29, decision 064): a participant or an organiser reports the
 * other person of their thread; the last messages that person wrote there go with the report, and
 * the team handles it in 'Messagerie' › 'Signalées' (`manage_chats`): Classer or Bloquer l'utilisateur.
 */

/** How many of the reported person's latest messages the report keeps (as WhatsApp forwards its last 5). */
export const REPORTED_MESSAGES_KEPT = 5;
export const CONVERSATION_REPORTS_PAGE_SIZE = 20;

export const CONVERSATION_REPORT_MESSAGES = {
  sent: 'Signalement envoyé : l’équipe va examiner cette conversation',
  sentAndBlocked: 'Signalement envoyé, et cette personne est bloquée : elle ne peut plus vous écrire',
  exists: 'Vous avez déjà signalé cette conversation ; votre signalement est en cours d’examen',
  support: 'Une conversation avec l’équipe ne se signale pas : écrivez-nous ce qui ne va pas',
  dismissed: 'Signalement classé',
  blocked: 'Utilisateur bloqué',
} as const;

/** `POST /conversations/{id}/reports`: the report's reason and details, and whether to block the person too. */
export const reportConversationSchema = createReportSchema.extend({
  /** 'Signaler et bloquer': the reporter also blocks the other person, in the same step. */
  block: z.boolean({ message: 'Indiquez oui ou non' }).optional(),
});
export type ReportConversationInput = z.input<typeof reportConversationSchema>;

/** One of the reported person's messages, as it was when reported (kept with the report, shown as text). */
export const reportedMessageSchema = z.object({
  _id: z.uuid(),
  text: z.string(),
  createdAt: z.string(),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

export const conversationReportSchema = z.object({
  _id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Who reported; null once that account is deleted. */
  reporter: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  /** The other person of the conversation, whom the report is about. */
  reported: z.object({
    _id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.string(),
    isBlocked: z.boolean(),
  }),
  /** The conversation; null once it is gone (its event deleted). The messages stay with the report. */
  conversationId: z.uuid().nullable(),
  /** The event the conversation was about, as it was named when reported. */
  eventTitle: z.string().nullable(),
  /** How many messages the report keeps (0 when the person had written nothing yet). */
  messagesCount: z.number().int().min(0),
});
export type ConversationReport = z.infer<typeof conversationReportSchema>;

export const conversationReportsQuerySchema = z.object({
  /** The reporter's or the reported person's name, username, e-mail or phone. */
  search: z.string().trim().max(100, { message: '100 caractères au maximum' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ConversationReportsQuery = z.infer<typeof conversationReportsQuerySchema>;

export const conversationReportsResponseSchema = z.object({
  items: z.array(conversationReportSchema),
  hasMore: z.boolean(),
});
export type ConversationReportsResponse = z.infer<typeof conversationReportsResponseSchema>;

export const conversationReportDetailSchema = z.object({
  report: conversationReportSchema,
  /** The messages in question, oldest first, all written by the reported person. */
  messages: z.array(reportedMessageSchema),
});
export type ConversationReportDetail = z.infer<typeof conversationReportDetailSchema>;

export const conversationReportActionSchema = z.object({
  message: z.string(),
  report: conversationReportSchema,
});
