import type {
  CheckInBundle,
  CheckInCounts,
  CheckInScan,
  CheckInScanResult,
  CheckInScansResponse,
  DoorHelper,
  DoorHelpersResponse,
  MyDoorEventsResponse,
  MyTicket,
} from '@app/shared/check-in';
import type { Database } from '../../db/client';
import { displayName } from '../../lib/display-name';
import { AppError, conflict, notFound } from '../../lib/errors';
import { eventNotFound } from '../events/event-access';
import { recordWrite } from '../audit/record-write';
import { findUserByIdentifier } from '../auth/auth.repository';
import type { SessionUser } from '../auth/session.service';
import {
  checkInCounts,
  type DoorEvent,
  deleteDoorHelper,
  findAdmissions,
  findDoorEvent,
  findMyTicket,
  findScans,
  findTicketHolders,
  insertAdmissions,
  insertDoorHelper,
  insertScans,
  listDoorHelpers,
  listMyDoorEvents,
  listRevokedTickets,
  listTickets,
  type StoredScan,
  setScanResults,
} from './check-in.repository';
import type { TicketSigner } from './ticket-signer';

/*
 * Tickets and door check-in (issue 27 item 4, decision 045).
 * - A ticket is a participation's `ticket_id`; its QR is signed with the event's Ed25519 key
 *   (ticket-signer.ts). Leaving or being removed revokes it (a trigger fills `ticket_revocations`).
 * - The door (the organiser or a door helper; 404 for anyone else) downloads a bundle to work
 *   offline, then sends its scans, each with an id made by the phone: a scan id is stored once,
 *   and a retried one answers its first result.
 * - A ticket is admitted once per event, whatever the entrance: the first scan to reach the
 *   server inserts the admission (`on conflict do nothing`); every later scan of that ticket, on
 *   any phone, is 'already' with that admission's time. Two phones that both admitted a ticket
 *   offline learn it at their sync: the one that sends second gets 'already' (the double scan).
 */

export interface CheckInDeps {
  db: Database;
  tickets: TicketSigner;
}

const NOT_PARTICIPATING = 'Vous ne participez pas à cet événement';
const NO_ACCOUNT = 'Aucun compte ne correspond';
const ALREADY_HELPER = 'Cette personne aide déjà à l’entrée de cet événement';
const HELPER_IS_ORGANISER = 'Vous êtes l’organisateur : vous scannez déjà les billets';
const HELPER_NOT_FOUND = 'Cette personne n’aide pas à l’entrée de cet événement';
export const HELPER_REMOVED = 'Aide à l’entrée retirée';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event at whose door the caller may scan: its organiser or a door helper; 404 for anyone else. */
async function doorEventOf(db: Database, actor: SessionUser, eventId: string): Promise<DoorEvent & { isOrganiser: boolean }> {
  const event = await findDoorEvent(db, eventId, actor.id);
  const isOrganiser = event?.organizerId === actor.id;
  if (!event || (!isOrganiser && !event.isHelper)) throw eventNotFound();
  return { ...event, isOrganiser };
}

/** The event the caller organises; 404 for anyone else (a door helper included). */
async function organisedEventOf(db: Database, actor: SessionUser, eventId: string): Promise<DoorEvent> {
  const event = await findDoorEvent(db, eventId, actor.id);
  if (!event || event.organizerId !== actor.id) throw eventNotFound();
  return event;
}

export async function checkInBundle(
  deps: CheckInDeps,
  actor: SessionUser,
  eventId: string,
  now = new Date(),
): Promise<CheckInBundle> {
  const event = await doorEventOf(deps.db, actor, eventId);
  const [tickets, revoked] = await Promise.all([listTickets(deps.db, event.id), listRevokedTickets(deps.db, event.id)]);
  return {
    eventId: event.id,
    title: event.title,
    startDateTime: event.startDateTime.toISOString(),
    endDateTime: event.endDateTime.toISOString(),
    publicKey: deps.tickets.publicKeyOf(event.id),
    isOrganiser: event.isOrganiser,
    tickets: tickets.map((ticket) => ({
      ticketId: ticket.ticketId,
      name: displayName(ticket),
      username: ticket.username,
      admittedAt: ticket.admittedAt?.toISOString() ?? null,
    })),
    revoked,
    counts: { registered: tickets.length, admitted: tickets.filter((ticket) => ticket.admittedAt !== null).length },
    generatedAt: now.toISOString(),
  };
}

/** The ticket id a scan names: a signed QR of this event, or a bare ticket id ticked by hand. */
function ticketNamed(tickets: TicketSigner, eventId: string, text: string): string | null {
  const value = text.trim();
  if (UUID.test(value)) return value.toLowerCase();
  return tickets.ticketOf(eventId, value);
}

/**
 * The scans not stored yet (one per scan id), in one transaction: their rows first (a scan id is
 * stored once), then one lookup of their tickets, the admissions (`on conflict do nothing`: one
 * per ticket and event, whatever the entrance or the phone) and their results. In a batch, the
 * first scan of a ticket (in the order sent) is the one that may admit it.
 */
async function recordNewScans(
  deps: CheckInDeps,
  actor: SessionUser,
  eventId: string,
  scans: CheckInScan[],
  now: Date,
): Promise<StoredScan[]> {
  const rows = scans.map((scan) => ({
    scanId: scan.scanId,
    // A phone's clock ahead of the server's cannot admit in the future.
    scannedAt: new Date(Math.min(Date.parse(scan.scannedAt), now.getTime())),
    entrance: scan.entrance ? scan.entrance : null,
    ticketId: ticketNamed(deps.tickets, eventId, scan.ticket),
  }));
  return deps.db.transaction(async (tx) => {
    const inserted = new Set(
      await insertScans(
        tx,
        eventId,
        actor.id,
        rows.map(({ scanId, scannedAt, entrance }) => ({ scanId, scannedAt, entrance })),
      ),
    );
    // Sent at the same moment by another request: its result, once that one committed.
    const elsewhere = new Map(
      (
        await findScans(
          tx,
          eventId,
          rows.filter((row) => !inserted.has(row.scanId)).map((row) => row.scanId),
        )
      ).map((row) => [row.scanId, row]),
    );
    const fresh = rows.filter((row) => inserted.has(row.scanId));
    const holders = await findTicketHolders(tx, eventId, [
      ...new Set(fresh.flatMap((row) => (row.ticketId ? [row.ticketId] : []))),
    ]);
    const firstOfTicket = new Map<string, (typeof fresh)[number]>();
    for (const row of fresh) {
      if (row.ticketId && holders.has(row.ticketId) && !firstOfTicket.has(row.ticketId)) firstOfTicket.set(row.ticketId, row);
    }
    const admitted = await insertAdmissions(
      tx,
      eventId,
      actor.id,
      [...firstOfTicket.entries()].map(([ticketId, row]) => ({
        ticketId,
        userId: holders.get(ticketId) as string,
        scanId: row.scanId,
        entrance: row.entrance,
        admittedAt: row.scannedAt,
      })),
    );
    const outcomes = new Map<string, StoredScan>();
    for (const row of fresh) {
      if (!row.ticketId || !holders.has(row.ticketId)) {
        outcomes.set(row.scanId, { scanId: row.scanId, ticketId: null, status: 'unknown' });
        continue;
      }
      const valid = firstOfTicket.get(row.ticketId) === row && admitted.has(row.ticketId);
      outcomes.set(row.scanId, { scanId: row.scanId, ticketId: row.ticketId, status: valid ? 'valid' : 'already' });
    }
    await setScanResults(
      tx,
      eventId,
      [...outcomes.values()].flatMap((outcome) =>
        outcome.ticketId ? [{ scanId: outcome.scanId, ticketId: outcome.ticketId, status: outcome.status }] : [],
      ),
    );
    return rows.map((row) => {
      const outcome = outcomes.get(row.scanId) ?? elsewhere.get(row.scanId);
      if (!outcome) throw new Error('scan neither inserted nor found');
      return outcome;
    });
  });
}

export async function recordScans(
  deps: CheckInDeps,
  actor: SessionUser,
  eventId: string,
  sent: CheckInScan[],
  now = new Date(),
): Promise<CheckInScansResponse> {
  const event = await doorEventOf(deps.db, actor, eventId);
  const scans = sent.map((scan) => ({ ...scan, scanId: scan.scanId.toLowerCase() }));
  // A retried sync is mostly scans already stored: one query answers them.
  const stored = new Map(
    (await findScans(deps.db, event.id, [...new Set(scans.map((scan) => scan.scanId))])).map((row) => [row.scanId, row]),
  );
  // The others once each (a scan id sent twice in a batch is one scan).
  const unsent = new Map<string, CheckInScan>();
  for (const scan of scans) if (!stored.has(scan.scanId) && !unsent.has(scan.scanId)) unsent.set(scan.scanId, scan);
  if (unsent.size > 0) {
    for (const outcome of await recordNewScans(deps, actor, event.id, [...unsent.values()], now))
      stored.set(outcome.scanId, outcome);
  }
  const outcomes = scans.map((scan) => {
    const outcome = stored.get(scan.scanId);
    if (!outcome) throw new Error('scan without outcome');
    return outcome;
  });
  const admitted = outcomes.flatMap((outcome) => (outcome.status !== 'unknown' && outcome.ticketId ? [outcome.ticketId] : []));
  const admissions = new Map((await findAdmissions(deps.db, event.id, [...new Set(admitted)])).map((row) => [row.ticketId, row]));
  const results: CheckInScanResult[] = outcomes.map((outcome) => {
    const admission = outcome.status !== 'unknown' && outcome.ticketId ? admissions.get(outcome.ticketId) : undefined;
    return {
      scanId: outcome.scanId,
      status: outcome.status,
      ticketId: outcome.status === 'unknown' ? null : outcome.ticketId,
      name: admission ? displayName(admission) : null,
      admittedAt: admission ? admission.admittedAt.toISOString() : null,
    };
  });
  const counts: CheckInCounts = await checkInCounts(deps.db, event.id);
  return { results, counts };
}

export async function myTicket(deps: CheckInDeps, actor: SessionUser, eventId: string): Promise<MyTicket> {
  const row = await findMyTicket(deps.db, eventId, actor.id);
  if (!row) throw notFound(NOT_PARTICIPATING);
  return {
    eventId: row.eventId,
    ticketId: row.ticketId,
    qr: deps.tickets.qrOf(row.eventId, row.ticketId),
    holderName: displayName(row),
    title: row.title,
    startDateTime: row.startDateTime.toISOString(),
    endDateTime: row.endDateTime.toISOString(),
    address: row.address,
    city: row.city,
    cancelled: row.status === 'cancelled',
    admittedAt: row.admittedAt?.toISOString() ?? null,
  };
}

// ─── door helpers (the organiser only) ──────────────────────────────────────────────────────

export async function doorHelpers(deps: CheckInDeps, actor: SessionUser, eventId: string): Promise<DoorHelpersResponse> {
  const event = await organisedEventOf(deps.db, actor, eventId);
  const rows = await listDoorHelpers(deps.db, event.id);
  return {
    items: rows.map((row) => ({
      userId: row.userId,
      name: displayName(row),
      username: row.username,
      addedAt: row.addedAt.toISOString(),
    })),
  };
}

/** Invites an account found by username, e-mail or phone (verified contacts, as at sign-in). */
export async function addDoorHelper(deps: CheckInDeps, actor: SessionUser, eventId: string, login: string): Promise<DoorHelper> {
  const event = await organisedEventOf(deps.db, actor, eventId);
  const account = await findUserByIdentifier(deps.db, login);
  if (!account || account.isBlocked) throw new AppError('NOT_FOUND', NO_ACCOUNT, { login: [NO_ACCOUNT] });
  if (account.id === actor.id) throw new AppError('BAD_REQUEST', HELPER_IS_ORGANISER, { login: [HELPER_IS_ORGANISER] });
  const addedAt = await deps.db.transaction(async (tx) => {
    const added = await insertDoorHelper(tx, { eventId: event.id, userId: account.id, addedBy: actor.id });
    if (!added) return null;
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'event.door_helper_add',
        targetType: 'event',
        targetId: event.id,
        after: { userId: account.id },
      },
    });
    return added;
  });
  if (!addedAt) throw conflict(ALREADY_HELPER, { login: [ALREADY_HELPER] });
  return { userId: account.id, name: displayName(account), username: account.username, addedAt: addedAt.toISOString() };
}

export async function removeDoorHelper(deps: CheckInDeps, actor: SessionUser, eventId: string, userId: string): Promise<void> {
  const event = await organisedEventOf(deps.db, actor, eventId);
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await deleteDoorHelper(tx, event.id, userId))) return false;
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'event.door_helper_remove',
        targetType: 'event',
        targetId: event.id,
        before: { userId },
      },
    });
    return true;
  });
  if (!removed) throw notFound(HELPER_NOT_FOUND);
}

export async function myDoorEvents(deps: CheckInDeps, actor: SessionUser, now = new Date()): Promise<MyDoorEventsResponse> {
  const rows = await listMyDoorEvents(deps.db, actor.id, now);
  return {
    items: rows.map((row) => ({
      eventId: row.eventId,
      title: row.title,
      startDateTime: row.startDateTime.toISOString(),
      endDateTime: row.endDateTime.toISOString(),
    })),
  };
}
