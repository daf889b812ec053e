import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { waitlistEntries } from '../../src/db/schema/index';
import { freshPostgresDatabase, type RealServer, startRealServer } from './real-server';

// Each pass of the suite (scripts/test-api.mjs) checks its own database kind.
const onPostgres = process.env.TEST_DB === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL;
const BURST = 80;
const IN_FLIGHT = 8;
const KILL_AFTER = 30;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Phone numbers that are valid in Cameroon and distinct: +237 6 90 00 00 00 + i. */
const phoneOf = (i: number) => `+2376900${String(100_00 + i).padStart(5, '0')}`;

/**
 * Sends sign-ups with a few in flight, each from its own address (the server trusts
 * X-Forwarded-For from loopback, so the per-address limit does not get in the way), and SIGKILLs
 * the server as soon as KILL_AFTER of them were acknowledged. Answers the acknowledged phones.
 */
async function burstThenKill(server: RealServer): Promise<{ acknowledged: string[]; failed: number }> {
  const acknowledged: string[] = [];
  let failed = 0;
  let next = 0;
  let killed: Promise<void> | undefined;
  const worker = async () => {
    while (next < BURST) {
      const i = next++;
      try {
        const response = await fetch(`${server.baseURL}/api/waitlist`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}` },
          body: JSON.stringify({ name: `Inscrit ${i}`, phone: phoneOf(i), email: `inscrit${i}@example.cm` }),
        });
        await response.arrayBuffer();
        if (response.status >= 200 && response.status < 300) {
          acknowledged.push(phoneOf(i));
          if (acknowledged.length === KILL_AFTER) killed ??= server.kill('SIGKILL');
        } else failed++;
      } catch {
        failed++; // the server died with this request in flight: no promise was made
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await (killed ?? server.kill('SIGKILL'));
  return { acknowledged, failed };
}

async function storedPhones(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Set<string>> {
  const database = await openDatabase({
    url: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, 'db'),
    statementTimeoutMs: 5000,
  });
  try {
    const rows = await database.db.select({ phone: waitlistEntries.phone }).from(waitlistEntries);
    return new Set(rows.map((row) => row.phone));
  } finally {
    await database.close();
  }
}

async function killAndCheck(env: { DATABASE_URL?: string; DATA_DIR: string }) {
  const first = await startRealServer(env);
  cleanups.push(() => first.kill('SIGKILL'));
  const { acknowledged, failed } = await burstThenKill(first);
  expect(first.process.signalCode).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
  // The kill landed mid-burst: some requests never got an answer.
  expect(failed).toBeGreaterThan(0);

  const second = await startRealServer(env);
  cleanups.push(() => second.kill('SIGKILL'));
  const health = await fetch(`${second.baseURL}/api/health`);
  expect(health.status).toBe(200);
  await second.kill('SIGTERM');

  const stored = await storedPhones(env);
  const lost = acknowledged.filter((phone) => !stored.has(phone));
  expect(lost).toEqual([]);
}

describe('durability: an acknowledged sign-up survives SIGKILL', () => {
  it.skipIf(onPostgres)(
    'on PGlite (DATA_DIR/db)',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-pglite-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      await killAndCheck({ DATA_DIR: dataDir });
    },
    240_000,
  );

  it.skipIf(!onPostgres || !adminUrl)(
    'on PostgreSQL (a fresh database)',
    async () => {
      const database = await freshPostgresDatabase(adminUrl as string);
      cleanups.push(() => database.drop());
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-pg-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      await killAndCheck({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    },
    240_000,
  );
});
