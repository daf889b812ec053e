import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/*
 * Door check-in (issue 27 item 4, decision 045). A ticket is `event_participations.ticket_id`;
 * these tables hold what the door needs besides: the tickets revoked (a participation deleted),
 * the first admission of each ticket, every scan sent by a door's phone (idempotent per scan id)
 * and the door helpers an organiser invited.
 */

const eventRef = () =>
  uuid()
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * A ticket whose participation was deleted (left, removed, account deleted): a signed QR of it is
 * refused. Filled by the trigger `event_participations_revoke_ticket` (migration), in the
 * transaction of the delete, whatever deletes the participation.
 */
export const ticketRevocations = pgTable(
  'ticket_revocations',
  {
    ticketId: uuid().primaryKey(),
    eventId: eventRef(),
    revokedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_revocations_event_idx').on(table.eventId)],
);

/**
 * A ticket's first admission, once per event whatever the entrance: the first scan to reach the
 * server inserts it (`on conflict do nothing`), later ones answer 'already' with its time.
 */
export const checkInAdmissions = pgTable(
  'check_in_admissions',
  {
    eventId: eventRef(),
    ticketId: uuid().notNull(),
    /** The ticket's holder when admitted (the scan results' name). No foreign key: history, as `audit_log.actor_id`. */
    userId: uuid().notNull(),
    /** The scan that admitted it. */
    scanId: uuid().notNull(),
    entrance: text(),
    /** The admitting scan's time on the phone (never in the future). */
    admittedAt: timestamp({ withTimezone: true }).notNull(),
    /** The account that scanned it (no foreign key: history). */
    admittedBy: uuid(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.ticketId] })],
);

export const checkInScanStatusEnum = pgEnum('check_in_scan_status', ['valid', 'already', 'unknown']);

/** Every scan a door sent, once per (event, scan id): a retried sync gets the first result back. */
export const checkInScans = pgTable(
  'check_in_scans',
  {
    eventId: eventRef(),
    /** Made by the phone when it scanned. */
    scanId: uuid().notNull(),
    /** The ticket it named, when it is one of this event's. */
    ticketId: uuid(),
    status: checkInScanStatusEnum().notNull(),
    scannedAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    entrance: text(),
    /** The account that sent it (no foreign key: history). */
    scannedBy: uuid(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.scanId] })],
);

/** Accounts an organiser invited to scan at the door (they see no participant list). */
export const eventDoorHelpers = pgTable(
  'event_door_helpers',
  {
    eventId: eventRef(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The organiser who invited them (no foreign key: history). */
    addedBy: uuid(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] }), index('event_door_helpers_user_idx').on(table.userId)],
);
