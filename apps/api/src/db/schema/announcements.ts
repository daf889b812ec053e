import { ANNOUNCEMENT_AUDIENCES } from '@app/shared/announcements';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { newestFirst } from './index-helpers';
import { users } from './users';

/*
 * An organiser's announcements to their event's participants (issue 29, decision 067). One row per
 * announcement; sending it writes `sent_at` in the transaction that writes its notifications, so a
 * scheduled one goes out once whatever the number of instances.
 */

export const announcementAudienceEnum = pgEnum('announcement_audience', ANNOUNCEMENT_AUDIENCES);

export const eventAnnouncements = pgTable(
  'event_announcements',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The organiser who wrote it; null once their account is deleted. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    audience: announcementAudienceEnum().notNull(),
    text: text().notNull(),
    sendAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** The participants it reached, once sent. */
    recipients: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The organiser's list of an event's announcements, newest first.
    index('event_announcements_event_idx').on(table.eventId, ...newestFirst(table.createdAt, table.id)),
    // The organiser's allowance: what they wrote in the last 24 hours.
    index('event_announcements_author_idx').on(table.authorId, table.createdAt),
    // The job: the scheduled ones now due, and only those.
    index('event_announcements_due_idx').on(table.sendAt).where(sql`${table.sentAt} is null and ${table.cancelledAt} is null`),
  ],
);
