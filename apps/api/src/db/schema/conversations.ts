import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { newestFirst } from './index-helpers';
import { users } from './users';

/*
 * Conversations (issue 29, decision 063): a person with the team ('support'), a participant with
 * an event's organiser ('event'). Each side's unread count and the last message are kept on the
 * conversation in the transaction that writes a message, so every list reads one row per line.
 */

export const conversationKindEnum = pgEnum('conversation_kind', ['support', 'event']);
export const conversationStatusEnum = pgEnum('conversation_status', ['open', 'closed']);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: conversationKindEnum().notNull(),
    /** The person: who writes to the team, or the event's participant. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'event': the event, and its organiser, the other side. */
    eventId: uuid().references(() => events.id, { onDelete: 'cascade' }),
    organizerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    status: conversationStatusEnum().notNull().default('open'),
    /** 'support': the member of the team who handles it. */
    assignedTo: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The last message was the person's: for 'support', the team owes an answer. */
    lastFromUser: boolean().notNull().default(true),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageText: text().notNull().default(''),
    /** Messages the person has not read yet. */
    userUnread: integer().notNull().default(0),
    /** Messages the other side (the organiser, or the team) has not read yet. */
    otherUnread: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One support conversation per person (closed, it opens again when they write).
    uniqueIndex('conversations_support_user_key').on(table.userId).where(sql`${table.kind} = 'support'`),
    // One thread per participant and event (support rows have no event: nulls never clash).
    uniqueIndex('conversations_event_user_key').on(table.eventId, table.userId),
    // A person's list and an organiser's, latest message first.
    index('conversations_user_last_idx').on(table.userId, ...newestFirst(table.lastMessageAt, table.id)),
    index('conversations_organizer_last_idx')
      .on(table.organizerId, ...newestFirst(table.lastMessageAt, table.id))
      .where(sql`${table.organizerId} is not null`),
    // 'Messagerie': the support inbox by status, latest message first.
    index('conversations_support_inbox_idx')
      .on(table.status, ...newestFirst(table.lastMessageAt, table.id))
      .where(sql`${table.kind} = 'support'`),
    index('conversations_assigned_idx').on(table.assignedTo).where(sql`${table.assignedTo} is not null`),
    // A person's unread total reads only the conversations with something unread, from the index alone.
    index('conversations_user_unread_idx').on(table.userId, table.userUnread).where(sql`${table.userUnread} > 0`),
    index('conversations_organizer_unread_idx')
      .on(table.organizerId, table.otherUnread)
      .where(sql`${table.otherUnread} > 0 and ${table.organizerId} is not null`),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Who wrote it; null once their account is deleted (the message stays in the thread). */
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Written by the team in 'Messagerie' (shown as 'L’équipe', whoever of it wrote). */
    fromTeam: boolean().notNull().default(false),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversation_messages_thread_idx').on(table.conversationId, ...newestFirst(table.createdAt, table.id)),
    index('conversation_messages_sender_idx').on(table.senderId),
  ],
);

/**
 * A message's photo (decision 065): uploaded first by its author (`uploader_id`), then attached to
 * one message of theirs (`message_id`, once). The files are `{id}-message.webp` (the whole photo)
 * and `{id}-message-small.webp` (the thread's copy): the id is random, and is the only way to them.
 * A photo never attached within a day, or whose message is gone, is deleted with its files by
 * the conversations' clean-up job.
 */
export const messageImages = pgTable(
  'message_images',
  {
    id: uuid().primaryKey(),
    /** Who uploaded it: the only one who may attach it; null once their account is deleted. */
    uploaderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid().references(() => conversationMessages.id, { onDelete: 'set null' }),
    /** The whole photo's size as stored (at most 1 600 px on its longest side). */
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was attached: with `message_id` null, its message was deleted since. */
    attachedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // One photo per message, and the thread's read of each message's photo.
    uniqueIndex('message_images_message_key').on(table.messageId).where(sql`${table.messageId} is not null`),
    // The clean-up's read: the photos without a message, oldest first.
    index('message_images_unattached_idx').on(table.createdAt).where(sql`${table.messageId} is null`),
    index('message_images_uploader_idx').on(table.uploaderId),
  ],
);

/** A person who blocked another: neither writes to the other any more. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index('user_blocks_blocked_idx').on(table.blockedId)],
);
