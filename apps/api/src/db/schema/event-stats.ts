import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * The statistics of an event, one row per event and Douala day (decision 040), so its organiser's
 * screen reads a few hundred rows by the primary key instead of scanning `event_views`.
 *
 * Kept in the same transaction as the row it counts (community module): `visitors` and the
 * `src_*` columns are the `event_views` rows of the day (the source of the viewer's first counted
 * view), `views` every display recorded (repeats of a viewer included), `participants`, `likes` and
 * `comments` the rows of those tables created that day that still exist (a withdrawal, an unlike
 * or a deleted comment takes one off the day it was created). The migration filled it from the
 * rows already there.
 */
export const eventDailyStats = pgTable(
  'event_daily_stats',
  {
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    views: integer().notNull().default(0),
    visitors: integer().notNull().default(0),
    participants: integer().notNull().default(0),
    likes: integer().notNull().default(0),
    comments: integer().notNull().default(0),
    srcWhatsapp: integer().notNull().default(0),
    srcFacebook: integer().notNull().default(0),
    srcDirect: integer().notNull().default(0),
    srcReferral: integer().notNull().default(0),
    srcOther: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.day] })],
);
