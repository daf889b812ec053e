import { z } from 'zod';
import { afterQuerySchema, cursorPageOf, pageOf, pageQuerySchema, uuidParam } from './common';

/*
 * The community API of the mobile app: taking part, comments, likes, views, reports
 * on users, and the activities they write. French messages, shown as is.
 */

export const COMMENT_MAX = 2000;
export const COMMENT_REQUIRED = 'Le commentaire ne peut pas être vide';
export const COMMENT_TOO_LONG = `Le commentaire doit contenir au plus ${COMMENT_MAX} caractères`;

export const createCommentSchema = z.strictObject({
  text: z
    .string({ message: COMMENT_REQUIRED })
    .trim()
    .min(1, { message: COMMENT_REQUIRED })
    .max(COMMENT_MAX, { message: COMMENT_TOO_LONG }),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

export const commentSchema = z.object({
  _id: z.uuid(),
  eventId: z.uuid(),
  text: z.string(),
  author: z.object({ _id: z.uuid(), name: z.string(), username: z.string().nullable(), avatar: z.string().nullable() }),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Newest first; the mobile app follows `next` with `?after=` (decision 069). */
export const listCommentsQuerySchema = pageQuerySchema.extend({ after: afterQuerySchema });
export const listCommentsResponseSchema = cursorPageOf(commentSchema);
export type ListCommentsResponse = z.infer<typeof listCommentsResponseSchema>;

export const commentResponseSchema = z.object({ message: z.string(), comment: commentSchema, commentsCount: z.number().int() });

/** `POST /events/{id}/participants`: the share token opens a private event to its holder. */
export const joinEventSchema = z
  .strictObject({ shareToken: z.string().trim().min(1).max(200).optional() })
  .nullish()
  .transform((value) => value ?? {});

/** What the caller's own state on an event is after a community action. */
export const participationResponseSchema = z.object({
  message: z.string(),
  participating: z.boolean(),
  participantsCount: z.number().int(),
});
export type ParticipationResponse = z.infer<typeof participationResponseSchema>;

/** 'Mes participations': the events to come (soonest first) or those over (latest first). */
export const MY_PARTICIPATIONS_PERIODS = ['upcoming', 'past'] as const;
export const MY_PARTICIPATIONS_PAGE_SIZE = 10;
export const myParticipationsQuerySchema = z.object({
  period: z.enum(MY_PARTICIPATIONS_PERIODS, { message: 'Période inconnue' }).default('upcoming'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type MyParticipationsQuery = z.output<typeof myParticipationsQuerySchema>;

export const myParticipationSchema = z.object({
  joinedAt: z.string(),
  event: z.object({
    _id: z.uuid(),
    title: z.string(),
    startDateTime: z.string(),
    endDateTime: z.string(),
    address: z.string(),
    city: z.string(),
    /** The public page; a private event's carries its share link, which a participant may use. */
    publicPath: z.string(),
    /** The calendar file (.ics) of the page. */
    calendarPath: z.string(),
    cancelled: z.boolean(),
    cover: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  }),
});
export type MyParticipation = z.infer<typeof myParticipationSchema>;

export const myParticipationsResponseSchema = z.object({
  items: z.array(myParticipationSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type MyParticipationsResponse = z.infer<typeof myParticipationsResponseSchema>;

export const likeResponseSchema = z.object({ message: z.string(), liked: z.boolean(), likes: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const viewResponseSchema = z.object({ counted: z.boolean(), views: z.number().int() });

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'fake_account', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harcèlement',
  inappropriate: 'Contenu inapproprié',
  fake_account: 'Faux compte',
  scam: 'Arnaque',
  other: 'Autre',
};

export const createReportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { message: 'Motif de signalement inconnu' }),
  details: z
    .string()
    .trim()
    .max(1000, { message: 'La précision doit contenir au plus 1000 caractères' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/** 'conversation': a thread between a participant and an organiser (decision 064), handled in 'Messagerie'. */
export const REPORT_TARGET_TYPES = ['user', 'comment', 'event', 'conversation'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

const personSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const reportSchema = z.object({
  _id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Null once that account is deleted. */
  reporter: personSchema.nullable(),
  /** What was reported (decisions 028, 064): an account, a comment, an event or a conversation. */
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** The account answering for it: the user, the comment's author, the event's organiser or the other person of the conversation. */
  target: personSchema.extend({ role: z.string(), isBlocked: z.boolean() }),
  /** The event reported, or the comment's event; null for a report on an account. */
  event: z.object({ _id: z.uuid(), title: z.string(), publicPath: z.string(), isPublic: z.boolean() }).nullable(),
  /** The comment reported; null for the other kinds, and once the comment is removed. */
  comment: z.object({ _id: z.uuid(), text: z.string() }).nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportResponseSchema = z.object({ message: z.string(), report: reportSchema });

/**
 * `POST /users/{id}/reports`: what the reporter sent, with its id, status and date; never the
 * reported account's name, e-mail or role (issue 24: ids are public, so the answer would hand out
 * any account's e-mail). The moderation queue (`reportSchema`) is for moderators only.
 */
export const submittedReportSchema = z.object({
  _id: z.uuid(),
  /** What was reported: the account, the comment or the event (never the author or organiser behind it). */
  targetId: z.uuid(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type SubmittedReport = z.infer<typeof submittedReportSchema>;
export const submittedReportResponseSchema = z.object({ message: z.string(), report: submittedReportSchema });

export const listReportsQuerySchema = pageQuerySchema;
export const listReportsResponseSchema = pageOf(reportSchema);
export type ListReportsResponse = z.infer<typeof listReportsResponseSchema>;

export const reportActionParamsSchema = z.object({
  id: uuidParam,
  action: z.enum(['dismiss', 'block', 'remove-comment'], {
    message: 'Action inconnue : dismiss, block ou remove-comment',
  }),
});

export const ACTIVITY_TYPES = ['event', 'comment', 'like'] as const;
export const activitySchema = z.object({
  _id: z.uuid(),
  type: z.enum(ACTIVITY_TYPES),
  description: z.string(),
  eventId: z.uuid().nullable(),
  date: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
