import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GATHERED_KINDS, USER_NOTIFICATION_KINDS } from '@app/shared/notification-kinds';
import type { UserNotificationData } from '@app/shared/user-notifications';
import { events } from './events';
import { channelEnum } from './notifications';
import { newestFirst } from './index-helpers';
import { users } from './users';

export const userNotificationKindEnum = pgEnum('user_notification_kind', USER_NOTIFICATION_KINDS);

/** GATHERED_KINDS as SQL: the gathered index's predicate and the inserts that infer it. */
export const GATHERED_KINDS_SQL = sql.raw(
  `array[${GATHERED_KINDS.map((kind) => `'${kind}'`).join(', ')}]::user_notification_kind[]`,
);

/**
 * A person's notifications (issue 29, decision 060), written in the transaction of what they tell.
 * `data` keeps the facts as they were; `event_id` leads to the event while it exists. A gathered
 * kind (someone joined, commented) has one unread row per person and event, whose `count` grows.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: userNotificationKindEnum().notNull(),
    eventId: uuid().references(() => events.id, { onDelete: 'set null' }),
    data: jsonb().$type<UserNotificationData>().notNull().default({}),
    count: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // A person's list, newest first, and its pages.
    index('user_notifications_user_created_idx').on(table.userId, ...newestFirst(table.createdAt, table.id)),
    // An event's deletion sets its notifications' event_id to null.
    index('user_notifications_event_idx').on(table.eventId),
    // The bell's count: the unread ones only.
    index('user_notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    // One unread gathered notification per person, event and kind: a join or a comment adds to it.
    uniqueIndex('user_notifications_gathered_idx')
      .on(table.userId, table.eventId, table.kind)
      .where(sql`${table.readAt} is null and ${table.kind} = any(${GATHERED_KINDS_SQL})`),
  ],
);

/**
 * The reminders an event's participants were sent (the day before, two hours before): the row is
 * written in the transaction that writes the notifications, so a reminder goes out once even when
 * several instances run the job.
 */
export const eventRemindersSent = pgTable(
  'event_reminders_sent',
  {
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: userNotificationKindEnum().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.kind] })],
);

/**
 * The channels a person turned off, per kind (decision 061): every offered channel is on until a
 * row here says otherwise. The app always shows the notification.
 */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: userNotificationKindEnum().notNull(),
    channel: channelEnum().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.channel] })],
);

/**
 * The devices where a person turned Web Push on (decision 062): the browser's push service address
 * (one device, one row: a new sign-in on it takes the row) and its encryption keys (RFC 8291).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** The device as the person would name it ('Chrome sur Android'), at most 120 characters. */
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last push its service accepted. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);
