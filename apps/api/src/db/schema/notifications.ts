import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TRIGRAMS } from './index-helpers';

export const channelEnum = pgEnum('message_channel', ['email', 'sms', 'push']);
export const deliveryStatusEnum = pgEnum('delivery_status', ['pending', 'sent', 'failed']);

/**
 * Every e-mail, SMS and push is written here first, then sent; a failed send stays pending and is
 * retried, so no message (and no account waiting for its code) is lost. A push's `recipient` is
 * its `push_subscriptions` row's id and its `text` the JSON payload (decision 062). A message that
 * failed for good is `failed` (a dead letter, decision 066): listed for the team newest failure
 * first, sent again or deleted from 'Messagerie' › 'Envois en échec'.
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
    /** The last attempt's error: one line, at most 300 characters, codes and secrets hidden (never a stack). */
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** When it became `failed`; cleared when the team sends it again. */
    failedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('outbound_messages_due_idx').on(table.status, table.nextAttemptAt),
    // The dead letters, latest failure first, all channels or one (decision 066); few rows, kept apart.
    index('outbound_messages_failed_idx')
      .on(table.failedAt.desc().nullsLast(), table.id.desc())
      .where(sql`${table.status} = 'failed'`),
    index('outbound_messages_failed_channel_idx')
      .on(table.channel, table.failedAt.desc().nullsLast(), table.id.desc())
      .where(sql`${table.status} = 'failed'`),
    // Their search by recipient: a part of an address or number (trigrams), the contacts of matching accounts (equality).
    index('outbound_messages_failed_recipient_trgm_idx')
      .using('gin', table.recipient.op(TRIGRAMS))
      .where(sql`${table.status} = 'failed'`),
    index('outbound_messages_failed_recipient_idx').on(table.recipient).where(sql`${table.status} = 'failed'`),
    // The summary's 'retrying' count: pending messages whose earlier attempt failed.
    index('outbound_messages_retrying_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending' and ${table.attempts} > 0`),
  ],
);
