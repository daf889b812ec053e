import type { CheckInScan, CheckInScansResponse } from '@app/shared/check-in';
import { describe, expect, it } from 'vitest';
import type { DoorScan } from './door-logic';
import { type DoorRecord, type DoorStorage, sendWaitingScans, trimmed } from './door-store';

const EVENT = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';
const TICKET = '11111111-1111-4111-8111-111111111111';

function memoryStorage(scans: DoorScan[]): DoorStorage & { record: DoorRecord } {
  const storage = {
    record: { bundle: null, scans } as DoorRecord,
    async read() {
      return storage.record;
    },
    async change(_eventId: string, update: (record: DoorRecord) => DoorRecord) {
      storage.record = { ...update(storage.record), scans: trimmed(update(storage.record).scans) };
      return storage.record;
    },
    async drop() {
      storage.record = { bundle: null, scans: [] };
    },
  };
  return storage;
}

const scan = (index: number, answered = false): DoorScan => ({
  scanId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  ticket: `EVT1.x${index}.y`,
  scannedAt: '2026-12-12T19:00:00.000+01:00',
  local: 'valid',
  ticketId: TICKET,
  name: 'Awa',
  localAdmittedAt: null,
  server: answered ? { status: 'valid', admittedAt: '2026-12-12T19:00:00.000+01:00', name: 'Awa' } : null,
});

const answer = (batch: CheckInScan[], status: 'valid' | 'already' = 'valid'): CheckInScansResponse => ({
  results: batch.map((sent) => ({ scanId: sent.scanId, status, ticketId: TICKET, name: 'Awa', admittedAt: sent.scannedAt })),
  counts: { registered: 3, admitted: 1 },
});

describe('sending the waiting scans', () => {
  it('sends 450 waiting scans in batches of 200, 200 and 50, and keeps their answers', async () => {
    const storage = memoryStorage(Array.from({ length: 450 }, (_, index) => scan(index)));
    const sizes: number[] = [];
    const { sent, record } = await sendWaitingScans(EVENT, storage, async (batch) => {
      sizes.push(batch.length);
      return answer(batch);
    });
    expect(sizes).toEqual([200, 200, 50]);
    expect(sent).toBe(450);
    expect(record.counts).toEqual({ registered: 3, admitted: 1 });
    expect(record.scans.every((kept) => kept.server?.status === 'valid')).toBe(true);
  });

  it('keeps the scans waiting when the network fails, and resends only those the server did not answer', async () => {
    const storage = memoryStorage([scan(1, true), scan(2), scan(3)]);
    await expect(
      sendWaitingScans(EVENT, storage, async () => {
        throw new Error('Vous êtes hors ligne');
      }),
    ).rejects.toThrow('hors ligne');
    expect(storage.record.scans.filter((kept) => kept.server === null)).toHaveLength(2);

    const sentIds: string[][] = [];
    await sendWaitingScans(EVENT, storage, async (batch) => {
      sentIds.push(batch.map((sent) => sent.scanId));
      return answer(batch, 'already');
    });
    expect(sentIds).toEqual([[scan(2).scanId, scan(3).scanId]]);
    expect(storage.record.scans.map((kept) => kept.server?.status)).toEqual(['valid', 'already', 'already']);
  });

  it('stops, without looping, when an answer settles none of the batch', async () => {
    const storage = memoryStorage([scan(1)]);
    let calls = 0;
    const { sent } = await sendWaitingScans(EVENT, storage, async () => {
      calls += 1;
      return { results: [], counts: { registered: 1, admitted: 0 } };
    });
    expect(calls).toBe(1);
    expect(sent).toBe(0);
    expect(storage.record.scans[0]?.server).toBeNull();
  });

  it('keeps every waiting scan and only the last 1000 answered ones', () => {
    const scans = [...Array.from({ length: 1100 }, (_, index) => scan(index, true)), scan(5000)];
    const kept = trimmed(scans);
    expect(kept).toHaveLength(1001);
    expect(kept[0]?.scanId).toBe(scan(100).scanId);
    expect(kept.at(-1)?.server).toBeNull();
  });
});
