import type { CheckInBundle, CheckInCounts, CheckInScan, CheckInScansResponse } from '@app/shared/check-in';
import { applyResults, type DoorScan, nextBatch, pendingScans } from './door-logic';

/**
 * What the door's phone keeps per event in IndexedDB (idb-keyval, loaded on first use): the last
 * bundle and the scans made here, each kept until the server has answered it (decision 047).
 */
export interface DoorRecord {
  bundle: CheckInBundle | null;
  scans: DoorScan[];
  /** The counts of the last scans answer (every door's admissions), newer than the bundle's until it is read again. */
  counts?: CheckInCounts | null;
}

/** Answered scans kept for the screen's history and the double-scan list; waiting ones are never dropped. */
const ANSWERED_KEPT = 1000;

export interface DoorStorage {
  read(eventId: string): Promise<DoorRecord>;
  /** Changes the record in one IndexedDB transaction (two scans in a row never overwrite each other). */
  change(eventId: string, update: (record: DoorRecord) => DoorRecord): Promise<DoorRecord>;
  drop(eventId: string): Promise<void>;
}

const EMPTY: DoorRecord = { bundle: null, scans: [] };
const keyOf = (eventId: string) => `door:${eventId}`;

function asRecord(value: unknown): DoorRecord {
  if (!value || typeof value !== 'object') return EMPTY;
  const record = value as Partial<DoorRecord>;
  return { bundle: record.bundle ?? null, scans: Array.isArray(record.scans) ? record.scans : [], counts: record.counts ?? null };
}

/** Keeps every waiting scan and the last answered ones. */
export function trimmed(scans: DoorScan[]): DoorScan[] {
  const answered = scans.filter((scan) => scan.server !== null).length;
  if (answered <= ANSWERED_KEPT) return scans;
  let toDrop = answered - ANSWERED_KEPT;
  return scans.filter((scan) => {
    if (scan.server === null || toDrop === 0) return true;
    toDrop -= 1;
    return false;
  });
}

export const idbDoorStorage: DoorStorage = {
  async read(eventId) {
    const { get } = await import('idb-keyval');
    return asRecord(await get(keyOf(eventId)));
  },
  async change(eventId, update) {
    const { update: change } = await import('idb-keyval');
    let next: DoorRecord = EMPTY;
    await change(keyOf(eventId), (value: unknown) => {
      const changed = update(asRecord(value));
      next = { ...changed, scans: trimmed(changed.scans) };
      return next;
    });
    return next;
  },
  async drop(eventId) {
    const { del } = await import('idb-keyval');
    await del(keyOf(eventId));
  },
};

/**
 * Sends the waiting scans, 200 at a time, until none waits; each answer is written before the next
 * request, so a sync cut halfway loses nothing and resends only the unanswered (the server counts a
 * scanId once). A failed request stops it, the scans waiting for the next try.
 */
export async function sendWaitingScans(
  eventId: string,
  storage: DoorStorage,
  send: (scans: CheckInScan[]) => Promise<CheckInScansResponse>,
): Promise<{ record: DoorRecord; sent: number }> {
  let record = await storage.read(eventId);
  let sent = 0;
  for (;;) {
    const batch = nextBatch(record.scans);
    if (batch.length === 0) return { record, sent };
    const response = await send(batch);
    const before = pendingScans(record.scans).length;
    record = await storage.change(eventId, (current) => ({
      ...current,
      scans: applyResults(current.scans, response.results),
      counts: response.counts,
    }));
    const answered = before - pendingScans(record.scans).length;
    sent += answered;
    // An answer that settles none of the batch would loop forever: left for the next try.
    if (answered <= 0) return { record, sent };
  }
}

/** Serialises the syncs of one event in this page (the 'online' event, a scan and a timer may start one together). */
const running = new Map<string, Promise<unknown>>();
export function once<T>(eventId: string, task: () => Promise<T>): Promise<T> {
  const current = running.get(eventId) as Promise<T> | undefined;
  if (current) return current;
  const started = task().finally(() => running.delete(eventId));
  running.set(eventId, started);
  return started;
}
