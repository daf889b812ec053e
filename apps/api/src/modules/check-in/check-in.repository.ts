import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  checkInAdmissions,
  checkInScans,
  eventDoorHelpers,
  eventParticipations,
  events,
  ticketRevocations,
  users,
} from '../../db/schema/index';

/*
 * The only file of the check-in module that talks to the database (decision 045). Every lookup
 * goes through a key or an index: participations by (event, user) and by ticket id, admissions and
 * scans by their (event, …) keys, revocations by event, door helpers by (event, user) and by user.
 * The door's bundle is one query for the tickets and one for the revocations, whatever their count.
 */

export interface DoorEvent {
  id: string;
  title: string;
  startDateTime: Date;
  endDateTime: Date;
  organizerId: string | null;
  /** The caller is one of its door helpers. */
  isHelper: boolean;
}

/** The event and whether `userId` helps at its door; null when there is no such event. */
export async function findDoorEvent(db: Executor, eventId: string, userId: string): Promise<DoorEvent | null> {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      startDateTime: events.startDateTime,
      endDateTime: events.endDateTime,
      organizerId: events.organizerId,
      isHelper: sql<boolean>`exists (select 1 from ${eventDoorHelpers} where ${eventDoorHelpers.eventId} = ${events.id} and ${eventDoorHelpers.userId} = ${userId})`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row ? { ...row, isHelper: Boolean(row.isHelper) } : null;
}

/** A participation's admission, if its ticket was admitted: the join of the ticket list and of one's ticket. */
const admissionOfParticipation = and(
  eq(checkInAdmissions.eventId, eventParticipations.eventId),
  eq(checkInAdmissions.ticketId, eventParticipations.ticketId),
);

export interface PersonName {
  firstName: string;
  lastName: string;
  username: string | null;
}

export interface TicketRow extends PersonName {
  ticketId: string;
  admittedAt: Date | null;
}

/** Every ticket of the event with its holder and first admission, in the order people joined. */
export async function listTickets(db: Executor, eventId: string): Promise<TicketRow[]> {
  return db
    .select({
      ticketId: eventParticipations.ticketId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      admittedAt: checkInAdmissions.admittedAt,
    })
    .from(eventParticipations)
    .innerJoin(users, eq(users.id, eventParticipations.userId))
    .leftJoin(checkInAdmissions, admissionOfParticipation)
    .where(eq(eventParticipations.eventId, eventId))
    .orderBy(asc(eventParticipations.createdAt), asc(eventParticipations.ticketId));
}

export async function listRevokedTickets(db: Executor, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ ticketId: ticketRevocations.ticketId })
    .from(ticketRevocations)
    .where(eq(ticketRevocations.eventId, eventId));
  return rows.map((row) => row.ticketId);
}

/** 'inscrits' (participations) and 'présents' (tickets of current participations admitted). */
export async function checkInCounts(db: Executor, eventId: string): Promise<{ registered: number; admitted: number }> {
  const [row] = await db
    .select({
      registered: sql<number>`(select count(*) from ${eventParticipations} where ${eventParticipations.eventId} = ${eventId})`,
      admitted: count(),
    })
    .from(checkInAdmissions)
    .innerJoin(
      eventParticipations,
      and(
        eq(eventParticipations.eventId, checkInAdmissions.eventId),
        eq(eventParticipations.ticketId, checkInAdmissions.ticketId),
      ),
    )
    .where(eq(checkInAdmissions.eventId, eventId));
  return { registered: Number(row?.registered ?? 0), admitted: Number(row?.admitted ?? 0) };
}

export type ScanStatusValue = (typeof checkInScans.$inferSelect)['status'];

export interface StoredScan {
  scanId: string;
  ticketId: string | null;
  status: ScanStatusValue;
}

export async function findScans(db: Executor, eventId: string, scanIds: string[]): Promise<StoredScan[]> {
  if (scanIds.length === 0) return [];
  return db
    .select({ scanId: checkInScans.scanId, ticketId: checkInScans.ticketId, status: checkInScans.status })
    .from(checkInScans)
    .where(and(eq(checkInScans.eventId, eventId), inArray(checkInScans.scanId, scanIds)));
}

export interface NewScan {
  scanId: string;
  scannedAt: Date;
  entrance: string | null;
}

/**
 * Inserts scans as 'unknown' until their tickets are resolved, in scan id order (two batches
 * sharing ids take their locks in one order); answers the ids inserted, not those stored before.
 * A concurrent insert of the same id waits for the other transaction, then conflicts.
 */
export async function insertScans(tx: Tx, eventId: string, scannedBy: string, scans: NewScan[]): Promise<string[]> {
  if (scans.length === 0) return [];
  const sorted = [...scans].sort((a, b) => (a.scanId < b.scanId ? -1 : 1));
  const rows = await tx
    .insert(checkInScans)
    .values(sorted.map((scan) => ({ ...scan, eventId, scannedBy, status: 'unknown' as const })))
    .onConflictDoNothing()
    .returning({ scanId: checkInScans.scanId });
  return rows.map((row) => row.scanId);
}

/** Sets the results of scans just inserted, in one statement. */
export async function setScanResults(
  tx: Tx,
  eventId: string,
  results: { scanId: string; ticketId: string; status: ScanStatusValue }[],
): Promise<void> {
  if (results.length === 0) return;
  const values = sql.join(
    results.map((result) => sql`(${result.scanId}::uuid, ${result.ticketId}::uuid, ${result.status}::check_in_scan_status)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${checkInScans} set status = v.status, ticket_id = v.ticket_id
    from (values ${values}) as v (scan_id, ticket_id, status)
    where ${checkInScans.eventId} = ${eventId} and ${checkInScans.scanId} = v.scan_id`);
}

/** The holders of those tickets that are current participations of this event (revoked and unknown ones are absent). */
export async function findTicketHolders(db: Executor, eventId: string, ticketIds: string[]): Promise<Map<string, string>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({ ticketId: eventParticipations.ticketId, userId: eventParticipations.userId })
    .from(eventParticipations)
    .where(and(inArray(eventParticipations.ticketId, ticketIds), eq(eventParticipations.eventId, eventId)));
  return new Map(rows.map((row) => [row.ticketId, row.userId]));
}

export interface NewAdmission {
  ticketId: string;
  userId: string;
  scanId: string;
  entrance: string | null;
  admittedAt: Date;
}

/**
 * Admits tickets once each, in ticket order (concurrent batches lock in one order): answers the
 * tickets this call admitted; the others were admitted before.
 */
export async function insertAdmissions(
  tx: Tx,
  eventId: string,
  admittedBy: string,
  admissions: NewAdmission[],
): Promise<Set<string>> {
  if (admissions.length === 0) return new Set();
  const sorted = [...admissions].sort((a, b) => (a.ticketId < b.ticketId ? -1 : 1));
  const rows = await tx
    .insert(checkInAdmissions)
    .values(sorted.map((admission) => ({ ...admission, eventId, admittedBy })))
    .onConflictDoNothing()
    .returning({ ticketId: checkInAdmissions.ticketId });
  return new Set(rows.map((row) => row.ticketId));
}

export interface AdmissionRow extends PersonName {
  ticketId: string;
  admittedAt: Date;
}

/** The first admissions of these tickets, with their holder's name (empty when the account is gone). */
export async function findAdmissions(db: Executor, eventId: string, ticketIds: string[]): Promise<AdmissionRow[]> {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .select({
      ticketId: checkInAdmissions.ticketId,
      admittedAt: checkInAdmissions.admittedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(checkInAdmissions)
    .leftJoin(users, eq(users.id, checkInAdmissions.userId))
    .where(and(eq(checkInAdmissions.eventId, eventId), inArray(checkInAdmissions.ticketId, ticketIds)));
  return rows.map((row) => ({ ...row, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }));
}

// ─── the participant's ticket ───────────────────────────────────────────────────────────────

export interface MyTicketRow extends PersonName {
  eventId: string;
  ticketId: string;
  title: string;
  startDateTime: Date;
  endDateTime: Date;
  address: string;
  city: string;
  status: 'draft' | 'published' | 'cancelled';
  admittedAt: Date | null;
}

export async function findMyTicket(db: Executor, eventId: string, userId: string): Promise<MyTicketRow | null> {
  const [row] = await db
    .select({
      eventId: events.id,
      ticketId: eventParticipations.ticketId,
      title: events.title,
      startDateTime: events.startDateTime,
      endDateTime: events.endDateTime,
      address: events.address,
      city: events.city,
      status: events.status,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      admittedAt: checkInAdmissions.admittedAt,
    })
    .from(eventParticipations)
    .innerJoin(events, eq(events.id, eventParticipations.eventId))
    .innerJoin(users, eq(users.id, eventParticipations.userId))
    .leftJoin(checkInAdmissions, admissionOfParticipation)
    .where(and(eq(eventParticipations.eventId, eventId), eq(eventParticipations.userId, userId)))
    .limit(1);
  return row ?? null;
}

// ─── door helpers ───────────────────────────────────────────────────────────────────────────

export interface DoorHelperRow extends PersonName {
  userId: string;
  addedAt: Date;
}

export async function listDoorHelpers(db: Executor, eventId: string): Promise<DoorHelperRow[]> {
  return db
    .select({
      userId: eventDoorHelpers.userId,
      addedAt: eventDoorHelpers.addedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(eventDoorHelpers)
    .innerJoin(users, eq(users.id, eventDoorHelpers.userId))
    .where(eq(eventDoorHelpers.eventId, eventId))
    .orderBy(asc(eventDoorHelpers.addedAt), asc(eventDoorHelpers.userId));
}

/** Adds a door helper once: the time added, null when they already were one. */
export async function insertDoorHelper(
  tx: Tx,
  values: { eventId: string; userId: string; addedBy: string },
): Promise<Date | null> {
  const [row] = await tx
    .insert(eventDoorHelpers)
    .values(values)
    .onConflictDoNothing()
    .returning({ addedAt: eventDoorHelpers.addedAt });
  return row?.addedAt ?? null;
}

export async function deleteDoorHelper(tx: Tx, eventId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(eventDoorHelpers)
    .where(and(eq(eventDoorHelpers.eventId, eventId), eq(eventDoorHelpers.userId, userId)))
    .returning({ userId: eventDoorHelpers.userId });
  return rows.length > 0;
}

export interface MyDoorEventRow {
  eventId: string;
  title: string;
  startDateTime: Date;
  endDateTime: Date;
}

/** The published events not ended where the account helps at the door, soonest first. */
export async function listMyDoorEvents(db: Executor, userId: string, now: Date): Promise<MyDoorEventRow[]> {
  return db
    .select({ eventId: events.id, title: events.title, startDateTime: events.startDateTime, endDateTime: events.endDateTime })
    .from(eventDoorHelpers)
    .innerJoin(events, eq(events.id, eventDoorHelpers.eventId))
    .where(and(eq(eventDoorHelpers.userId, userId), eq(events.status, 'published'), gt(events.endDateTime, now)))
    .orderBy(asc(events.startDateTime), asc(events.id))
    .limit(200);
}
