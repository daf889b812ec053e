import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const channelEnum = pgEnum('message_channel', ['email', 'sms', 'push']);
export const deliveryStatusEnum = pgEnum('delivery_status', ['pending', 'sent', 'failed']);

/**
 * Every e-mail, SMS and push is written here first, then sent; a failed send stays pending and is
 * retried, so no message (and no account waiting for its code) is lost. A push's `recipient` is
 * its `push_subscriptions` row's id and its `text` the JSON payload (decision 062).
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: channelEnum().notNull(),
    recipient: text().notNull(),
    subject: text().notNull().default(''),
    text: text().notNull(),
    html: text(),
    status: deliveryStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('outbound_messages_due_idx').on(table.status, table.nextAttemptAt)],
);
