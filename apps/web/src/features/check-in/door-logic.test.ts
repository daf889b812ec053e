import type { CheckInBundle } from '@app/shared/check-in';
import { bytesToBase64Url, encodeTicketPayload, ticketQrText } from '@app/shared/check-in-ticket';
import * as ed from '@noble/ed25519';
import { describe, expect, it } from 'vitest';
import {
  admissions,
  applyResults,
  checkScan,
  type DoorScan,
  doorCounts,
  nextBatch,
  outcomeOf,
  pendingScans,
  searchTickets,
  ticketIdOf,
} from './door-logic';

const EVENT = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';
const OTHER_EVENT = '7a1c2d3e-4b5a-4c6d-8e7f-901234567890';
const AWA = '11111111-1111-4111-8111-111111111111';
const PAUL = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';
const LATE = '44444444-4444-4444-8444-444444444444';

const secretKey = ed.utils.randomSecretKey();
const publicKey = await ed.getPublicKeyAsync(secretKey);
const strangerKey = ed.utils.randomSecretKey();

async function qr(eventId: string, ticketId: string, key = secretKey): Promise<string> {
  const signed = encodeTicketPayload({ e: eventId, t: ticketId });
  const signature = await ed.signAsync(new TextEncoder().encode(signed), key);
  return ticketQrText(signed, bytesToBase64Url(signature));
}

function bundle(overrides: Partial<CheckInBundle> = {}): CheckInBundle {
  return {
    eventId: EVENT,
    title: 'Soirée makossa',
    startDateTime: '2026-12-12T18:00:00.000Z',
    endDateTime: '2026-12-12T23:00:00.000Z',
    publicKey: bytesToBase64Url(publicKey),
    isOrganiser: true,
    tickets: [
      { ticketId: AWA, name: 'Awa Tchoumi', username: 'awa_t', admittedAt: null },
      { ticketId: PAUL, name: 'Paul Ngono', username: null, admittedAt: '2026-12-12T18:42:00.000Z' },
      { ticketId: GONE, name: 'Éric Gone', username: 'eric', admittedAt: null },
    ],
    revoked: [GONE],
    counts: { registered: 2, admitted: 1 },
    generatedAt: '2026-12-12T17:00:00.000Z',
    ...overrides,
  };
}

let counter = 0;
const scanInput = (text: string, scannedAt = '2026-12-12T19:00:00.000+01:00') => ({
  text,
  scanId: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  scannedAt,
  entrance: 'Entrée principale',
});

describe('a ticket checked offline', () => {
  it('admits a QR signed with the event’s key, once', async () => {
    const first = await checkScan(scanInput(await qr(EVENT, AWA)), bundle(), []);
    expect(first).toMatchObject({ local: 'valid', ticketId: AWA, name: 'Awa Tchoumi', server: null });
    const second = await checkScan(scanInput(await qr(EVENT, AWA), '2026-12-12T19:05:00.000+01:00'), bundle(), [first]);
    expect(second).toMatchObject({ local: 'already', ticketId: AWA, localAdmittedAt: first.scannedAt });
  });

  it('says already for a ticket the bundle knows admitted, with that time', async () => {
    const scan = await checkScan(scanInput(await qr(EVENT, PAUL)), bundle(), []);
    expect(outcomeOf(scan)).toEqual({ outcome: 'already', admittedAt: '2026-12-12T18:42:00.000Z' });
  });

  it('refuses another event’s ticket, another key’s signature, a revoked ticket, a changed payload and any other text', async () => {
    expect(await ticketIdOf(await qr(OTHER_EVENT, AWA), bundle())).toBeNull();
    expect(await ticketIdOf(await qr(EVENT, AWA, strangerKey), bundle())).toBeNull();
    expect(await ticketIdOf(await qr(EVENT, GONE), bundle())).toBeNull();
    const [, , signature] = (await qr(EVENT, AWA)).split('.');
    const forged = ticketQrText(encodeTicketPayload({ e: EVENT, t: PAUL }), signature ?? '');
    expect(await ticketIdOf(forged, bundle())).toBeNull();
    expect(await ticketIdOf('EVT1.abc.def', bundle())).toBeNull();
    expect(await ticketIdOf('https://example.cm', bundle())).toBeNull();
    const unknown = await checkScan(scanInput('bonjour'), bundle(), []);
    expect(outcomeOf(unknown)).toEqual({ outcome: 'unknown', admittedAt: null });
  });

  it('admits a well-signed ticket of someone who joined after the bundle was taken (no name known)', async () => {
    const scan = await checkScan(scanInput(await qr(EVENT, LATE)), bundle(), []);
    expect(scan).toMatchObject({ local: 'valid', ticketId: LATE, name: null });
  });

  it('ticks a participant by hand with the ticket id, but not a revoked or strange one', async () => {
    expect(await ticketIdOf(AWA.toUpperCase(), bundle())).toBe(AWA);
    expect(await ticketIdOf(GONE, bundle())).toBeNull();
    expect(await ticketIdOf(LATE, bundle())).toBeNull();
  });
});

describe('the queue of scans', () => {
  const answered = (scan: DoorScan, status: 'valid' | 'already' | 'unknown', admittedAt: string | null) =>
    applyResults([scan], [{ scanId: scan.scanId, status, ticketId: scan.ticketId, name: scan.name, admittedAt }])[0] as DoorScan;

  it('sends at most 200 waiting scans, oldest first, as the contract takes them', async () => {
    const base = await checkScan(scanInput(await qr(EVENT, AWA)), bundle(), []);
    const scans: DoorScan[] = Array.from({ length: 250 }, (_, index) => ({
      ...base,
      scanId: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
      entrance: index % 2 ? undefined : 'Porte B',
    }));
    scans[0] = answered(scans[0] as DoorScan, 'valid', base.scannedAt);
    const batch = nextBatch(scans);
    expect(batch).toHaveLength(200);
    expect(batch[0]?.scanId).toBe(scans[1]?.scanId);
    expect(Object.keys(batch[0] ?? {}).sort()).toEqual(['scanId', 'scannedAt', 'ticket']);
    expect(batch[1]).toMatchObject({ entrance: 'Porte B' });
    expect(pendingScans(scans)).toHaveLength(249);
  });

  it('keeps a scan the server did not answer, and never rewrites an answered one', async () => {
    const one = await checkScan(scanInput(await qr(EVENT, AWA)), bundle(), []);
    const two = await checkScan(scanInput('inconnu'), bundle(), [one]);
    const after = applyResults(
      [one, two],
      [{ scanId: one.scanId, status: 'valid', ticketId: AWA, name: 'Awa Tchoumi', admittedAt: one.scannedAt }],
    );
    expect(pendingScans(after).map((scan) => scan.scanId)).toEqual([two.scanId]);
    const again = applyResults(after, [
      { scanId: one.scanId, status: 'already', ticketId: AWA, name: 'Awa Tchoumi', admittedAt: 'x' },
    ]);
    expect(again[0]?.server?.status).toBe('valid');
  });

  it('lists a ticket the phone let in but the server had admitted elsewhere as a double scan', async () => {
    const scan = await checkScan(scanInput(await qr(EVENT, AWA)), bundle(), []);
    expect(outcomeOf(scan).outcome).toBe('valid');
    const double = answered(scan, 'already', '2026-12-12T18:55:00.000Z');
    expect(outcomeOf(double)).toEqual({ outcome: 'double', admittedAt: '2026-12-12T18:55:00.000Z' });
    // A scan the phone already said 'already' stays 'already'; the server's 'unknown' wins over the phone.
    const known = await checkScan(scanInput(await qr(EVENT, PAUL)), bundle(), []);
    expect(outcomeOf(answered(known, 'already', '2026-12-12T18:42:00.000Z')).outcome).toBe('already');
    expect(outcomeOf(answered(scan, 'unknown', null)).outcome).toBe('unknown');
  });

  it('counts présents once per ticket, with the earliest admission, whatever the entrance', async () => {
    const a = await checkScan(scanInput(await qr(EVENT, AWA), '2026-12-12T19:10:00.000+01:00'), bundle(), []);
    const b = { ...a, scanId: 'other', entrance: 'Porte B', scannedAt: '2026-12-12T19:05:00.000+01:00' };
    const paulAgain = await checkScan(scanInput(await qr(EVENT, PAUL)), bundle(), []);
    const known = admissions(bundle(), [a, b, paulAgain]);
    expect(known.get(AWA)).toBe('2026-12-12T19:05:00.000+01:00');
    expect(doorCounts(bundle(), [a, b, paulAgain])).toEqual({ admitted: 2, registered: 2 });
    expect(doorCounts(bundle(), [])).toEqual({ admitted: 1, registered: 2 });
    // The last scans answer counts the other doors' admissions too (and a participant who joined since).
    expect(doorCounts(bundle(), [a], { registered: 3, admitted: 3 })).toEqual({ admitted: 3, registered: 3 });
    // An answer older than a bundle read since (lower counts) does not pull 'présents' down.
    expect(doorCounts(bundle({ counts: { registered: 2, admitted: 2 } }), [], { registered: 2, admitted: 1 })).toEqual({
      admitted: 2,
      registered: 2,
    });
  });
});

describe('the manual search', () => {
  it('shows nobody until two letters are typed, then matches names and usernames without accents', () => {
    expect(searchTickets(bundle(), '')).toEqual([]);
    expect(searchTickets(bundle(), 'a')).toEqual([]);
    expect(searchTickets(bundle(), 'tchou').map((ticket) => ticket.ticketId)).toEqual([AWA]);
    expect(searchTickets(bundle(), 'AWA_').map((ticket) => ticket.ticketId)).toEqual([AWA]);
    // Éric left: not listed.
    expect(searchTickets(bundle(), 'eric')).toEqual([]);
  });
});
