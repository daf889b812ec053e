import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { events } from './events';
import { newestFirst } from './index-helpers';
import { users } from './users';

/*
 * The community around events (participations, comments, likes, views, reports). Every row here has a counter beside it
 * (`events.participants_count`, `comments_count`, `likes_count`, `views_count`,
 * `users.open_reports_count`) written in the same transaction as the row: see
 * docs/decisions/009-community-counters-views-and-reports.md.
 */

/** The event a row belongs to: the row goes with the event. */
const eventRef = () =>
  uuid()
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });
/** An account a row belongs to: the row goes with the account. */
const userRef = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const eventParticipations = pgTable(
  'event_participations',
  {
    eventId: eventRef(),
    userId: userRef(),
    /**
     * The participation's ticket (issue 27 item 4, decision 045): the same while the participation
     * lasts; leaving or being removed revokes it (`ticket_revocations`, filled by a trigger).
     */
    ticketId: uuid().notNull().defaultRandom(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index('event_participations_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('event_participations_ticket_idx').on(table.ticketId),
    // The organiser's list of an event's participants, newest first, and its CSV (decision 044).
    index('event_participations_event_created_idx').on(table.eventId, ...newestFirst(table.createdAt, table.userId)),
  ],
);

/**
 * The people an event's organiser removed from it (decision 044): they may not join it again.
 * The row goes with the event or the account; `removed_by` stays for the history.
 */
export const eventRemovals = pgTable(
  'event_removals',
  {
    eventId: eventRef(),
    userId: userRef(),
    removedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index('event_removals_user_idx').on(table.userId),
    index('event_removals_removed_by_idx').on(table.removedBy),
  ],
);

export const eventComments = pgTable(
  'event_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: eventRef(),
    userId: userRef(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // With the id: the comments' order and keyset (decision 069) read from it, without a sort.
    index('event_comments_event_idx').on(table.eventId, table.createdAt, table.id),
    index('event_comments_user_idx').on(table.userId),
  ],
);

export const eventLikes = pgTable(
  'event_likes',
  {
    eventId: eventRef(),
    userId: userRef(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] }), index('event_likes_user_idx').on(table.userId)],
);

/** One row per viewer, event and Douala day: `viewer` is `u:<user id>` or `a:<fingerprint>`. */
export const eventViews = pgTable(
  'event_views',
  {
    eventId: eventRef(),
    viewer: text().notNull(),
    day: date().notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.day, table.viewer] })],
);

export const activityTypeEnum = pgEnum('activity_type', ['event', 'comment', 'like']);

/** An account's `activities` / `recentActivity`. A comment's activity goes with the comment. */
export const activities = pgTable(
  'activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    type: activityTypeEnum().notNull(),
    description: text().notNull(),
    eventId: uuid().references(() => events.id, { onDelete: 'set null' }),
    commentId: uuid().references(() => eventComments.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_user_idx').on(table.userId, table.createdAt),
    index('activities_comment_idx').on(table.commentId),
    index('activities_event_idx').on(table.eventId),
  ],
);

export const reportStatusEnum = pgEnum('report_status', ['open', 'dismissed', 'actioned']);

/**
 * What was reported: an account, a comment (its author answers for it), an event (its organiser) or
 * a conversation (the other person of the thread, decision 064).
 */
export const reportTargetTypeEnum = pgEnum('report_target_type', ['user', 'comment', 'event', 'conversation']);

/** What a report of a conversation keeps (decision 064): the event it was about and the reported person's last messages. */
export interface ConversationEvidence {
  eventTitle: string | null;
  /** Oldest first, all written by the reported person. */
  messages: { id: string; text: string; createdAt: string }[];
}

export const userReports = pgTable(
  'user_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    reporterId: userRef(),
    /** The account answering for what was reported: the user, the comment's author, the event's organiser. */
    targetId: userRef(),
    targetType: reportTargetTypeEnum().notNull().default('user'),
    /** The id of what was reported (the user, the comment or the event): one open report per reporter and subject. */
    subjectId: uuid().notNull(),
    /** The event reported, or the event of the comment reported (decision 028). */
    eventId: uuid().references(() => events.id, { onDelete: 'cascade' }),
    /** The comment reported; null once it is removed (the report keeps its place in the history). */
    commentId: uuid().references(() => eventComments.id, { onDelete: 'set null' }),
    /** The conversation reported; null once it is gone (its event deleted): the evidence stays. */
    conversationId: uuid().references(() => conversations.id, { onDelete: 'set null' }),
    /** A conversation's report: the messages in question, copied when reported (decision 064). */
    evidence: jsonb().$type<ConversationEvidence>(),
    /** The target held an admin role when reported: such reports go to `manage_admins`. */
    targetIsAdmin: boolean().notNull().default(false),
    reason: text().notNull(),
    details: text(),
    status: reportStatusEnum().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('user_reports_open_key')
      .on(table.reporterId, table.targetType, table.subjectId)
      .where(sql`${table.status} = 'open'`),
    index('user_reports_comment_idx').on(table.commentId),
    index('user_reports_event_idx').on(table.eventId),
    index('user_reports_conversation_idx').on(table.conversationId),
    // 'Messagerie' › 'Signalées': the open reports of one kind, newest first (no enum literal in the
    // predicate: a value added by a migration cannot be used in the same transaction).
    index('user_reports_open_kind_idx')
      .on(table.targetType, ...newestFirst(table.createdAt, table.id))
      .where(sql`${table.status} = 'open'`),
    index('user_reports_queue_idx').on(table.targetIsAdmin, table.createdAt, table.id).where(sql`${table.status} = 'open'`),
    index('user_reports_target_idx').on(table.targetId, table.createdAt),
    index('user_reports_reporter_idx').on(table.reporterId),
  ],
);
