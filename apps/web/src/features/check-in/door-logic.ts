import type { CheckInBundle, CheckInCounts, CheckInScan, CheckInScanResult, ScanStatus } from '@app/shared/check-in';
import { base64UrlToBytes, parseTicketQr } from '@app/shared/check-in-ticket';

/**
 * The door's rules, without React, IndexedDB or network (decision 047): a scan is checked on the
 * phone against the event's bundle (signature, event, revocations, admissions known here), kept in
 * a queue until the server has answered it, and shown with the server's verdict once it has.
 */

/** The most scans sent in one request (`CHECK_IN_SCANS_MAX` of the contract, kept here without zod). */
export const SCAN_BATCH_SIZE = 200;

/** One scan made on this phone: what was sent (or is to be sent), what the phone said, what the server said. */
export interface DoorScan extends CheckInScan {
  /** The phone's verdict when it was scanned, offline. */
  local: ScanStatus;
  ticketId: string | null;
  name: string | null;
  /** For 'already': the first admission known then. */
  localAdmittedAt: string | null;
  /** The server's answer, once it came; null while the scan waits to be sent. */
  server: { status: ScanStatus; admittedAt: string | null; name: string | null } | null;
}

/** What a scan shows: 'double' is a scan the phone let in that the server had already admitted elsewhere. */
export type ScanOutcome = 'valid' | 'already' | 'unknown' | 'double';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Verify = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => Promise<boolean>;

/** `@noble/ed25519`'s `verifyAsync`, loaded only when the door first checks a ticket. */
const loadVerify = async (): Promise<Verify> => {
  const ed = await import('@noble/ed25519');
  return (signature, message, publicKey) => ed.verifyAsync(signature, message, publicKey);
};

/**
 * The ticket id a scanned text stands for, or null when it is not a ticket of this event: a QR
 * text whose signature the event's key made (and not revoked), or — the manual tick — a ticket id
 * of the bundle.
 */
export async function ticketIdOf(text: string, bundle: CheckInBundle, verify?: Verify): Promise<string | null> {
  const trimmed = text.trim();
  const revoked = new Set(bundle.revoked);
  if (UUID.test(trimmed)) {
    const id = trimmed.toLowerCase();
    return bundle.tickets.some((ticket) => ticket.ticketId === id) && !revoked.has(id) ? id : null;
  }
  const parsed = parseTicketQr(trimmed);
  if (!parsed || parsed.payload.e.toLowerCase() !== bundle.eventId.toLowerCase()) return null;
  const ticketId = parsed.payload.t.toLowerCase();
  if (revoked.has(ticketId)) return null;
  try {
    const check = verify ?? (await loadVerify());
    const ok = await check(
      base64UrlToBytes(parsed.signature),
      new TextEncoder().encode(parsed.signedPart),
      base64UrlToBytes(bundle.publicKey),
    );
    return ok ? ticketId : null;
  } catch {
    // A signature or key of the wrong length: not a ticket of this event.
    return null;
  }
}

/** Each admitted ticket and its first admission, as this phone knows it: the bundle, then its own scans. */
export function admissions(bundle: CheckInBundle, scans: readonly DoorScan[]): Map<string, string> {
  const revoked = new Set(bundle.revoked);
  const first = new Map<string, string>();
  const admit = (ticketId: string | null, at: string | null) => {
    if (!ticketId || !at || revoked.has(ticketId)) return;
    const known = first.get(ticketId);
    if (!known || Date.parse(at) < Date.parse(known)) first.set(ticketId, at);
  };
  for (const ticket of bundle.tickets) admit(ticket.ticketId, ticket.admittedAt);
  for (const scan of scans) {
    if (scan.server) admit(scan.ticketId, scan.server.admittedAt);
    else if (scan.local === 'valid') admit(scan.ticketId, scan.scannedAt);
  }
  return first;
}

/** A new scan of `text`, checked offline against the bundle and the admissions known here. */
export async function checkScan(
  input: { text: string; entrance?: string; scanId: string; scannedAt: string },
  bundle: CheckInBundle,
  scans: readonly DoorScan[],
  verify?: Verify,
): Promise<DoorScan> {
  const ticketId = await ticketIdOf(input.text, bundle, verify);
  const entrance = input.entrance?.trim().slice(0, 60) || undefined;
  const base = { scanId: input.scanId, ticket: input.text.trim().slice(0, 500), scannedAt: input.scannedAt, entrance };
  if (!ticketId) return { ...base, local: 'unknown', ticketId: null, name: null, localAdmittedAt: null, server: null };
  const name = bundle.tickets.find((ticket) => ticket.ticketId === ticketId)?.name ?? null;
  const admittedAt = admissions(bundle, scans).get(ticketId) ?? null;
  return admittedAt
    ? { ...base, local: 'already', ticketId, name, localAdmittedAt: admittedAt, server: null }
    : { ...base, local: 'valid', ticketId, name, localAdmittedAt: null, server: null };
}

/** The scans the server has not answered yet, oldest first. */
export function pendingScans(scans: readonly DoorScan[]): DoorScan[] {
  return scans.filter((scan) => scan.server === null);
}

/** The next request's body: at most 200 of the waiting scans, as the contract takes them. */
export function nextBatch(scans: readonly DoorScan[]): CheckInScan[] {
  return pendingScans(scans)
    .slice(0, SCAN_BATCH_SIZE)
    .map(({ scanId, ticket, scannedAt, entrance }) =>
      entrance ? { scanId, ticket, scannedAt, entrance } : { scanId, ticket, scannedAt },
    );
}

/** The scans with the server's answers written in (a scan it did not answer stays waiting). */
export function applyResults(scans: readonly DoorScan[], results: readonly CheckInScanResult[]): DoorScan[] {
  const byId = new Map(results.map((result) => [result.scanId, result]));
  return scans.map((scan) => {
    const result = byId.get(scan.scanId);
    if (!result || scan.server) return scan;
    return {
      ...scan,
      ticketId: scan.ticketId ?? result.ticketId,
      name: scan.name ?? result.name,
      server: { status: result.status, admittedAt: result.admittedAt, name: result.name },
    };
  });
}

/** What a scan shows now: the server's verdict once known ('double' when it undoes the phone's 'valid'). */
export function outcomeOf(scan: DoorScan): { outcome: ScanOutcome; admittedAt: string | null } {
  if (!scan.server) return { outcome: scan.local, admittedAt: scan.local === 'already' ? scan.localAdmittedAt : null };
  if (scan.server.status === 'already' && scan.local === 'valid')
    return { outcome: 'double', admittedAt: scan.server.admittedAt };
  return { outcome: scan.server.status, admittedAt: scan.server.status === 'already' ? scan.server.admittedAt : null };
}

/**
 * 'présents' against 'inscrits', as this phone knows them: the admissions it knows, or the server's
 * last count (the bundle's, or the last scans answer's, which counts the other doors) when higher.
 */
export function doorCounts(
  bundle: CheckInBundle,
  scans: readonly DoorScan[],
  lastAnswer: CheckInCounts | null = null,
): CheckInCounts {
  const newer = lastAnswer && lastAnswer.admitted >= bundle.counts.admitted ? lastAnswer : bundle.counts;
  return { admitted: Math.max(admissions(bundle, scans).size, newer.admitted), registered: newer.registered };
}

/** The bundle's participants whose name or username holds the typed text (accents and case aside); nobody for less than 2 letters. */
export function searchTickets(bundle: CheckInBundle, text: string, limit = 20): CheckInBundle['tickets'] {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const wanted = fold(text.trim());
  if (wanted.length < 2) return [];
  const revoked = new Set(bundle.revoked);
  return bundle.tickets
    .filter((ticket) => !revoked.has(ticket.ticketId))
    .filter((ticket) => fold(ticket.name).includes(wanted) || (ticket.username ? fold(ticket.username).includes(wanted) : false))
    .slice(0, limit);
}
