#!/usr/bin/env node
// Real-time benchmark (decision 063): starts the real server on a fresh PostgreSQL database (and
// Redis when BENCH_REDIS_URL is set), opens many streams (GET /api/users/me/stream) as many
// accounts, and measures the server's memory with them open and how long a message takes to reach
// the stream of its reader while they are open.
//
//   npm run bench:realtime                                  1,000 streams, 200 messages, PostgreSQL at 127.0.0.1
//   BENCH_STREAMS=5000 npm run bench:realtime
//   BENCH_REDIS_URL=redis://127.0.0.1:6379 npm run bench:realtime   the signals through Redis
//   BENCH_DATABASE_URL=postgres://…                         another PostgreSQL server
//
// Prints the server's resident memory before and after the streams open (per stream), and the
// p50 / p95 / max delay from sending a message (its write included) to its signal on a stream.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, serverEnv, waitForHealth } from '@app/test-utils/server';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { eventParticipations, events, users } from '../apps/api/src/db/schema/index.ts';
import { createSession } from '../apps/api/src/modules/auth/session.service.ts';
import { freshPostgresDatabase } from '../packages/test-utils/src/postgres-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const streamCount = Number(process.env.BENCH_STREAMS ?? 1000);
const messageCount = Number(process.env.BENCH_MESSAGES ?? 200);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? '';

/** The resident memory of a process, in MB (Linux). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

const database = await freshPostgresDatabase(adminUrl, 'bench_realtime');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-realtime-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const env = serverEnv(port, dataDir, {
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  ADMIN_EMAIL: 'admin@bench.local',
  ADMIN_PASSWORD: 'Admin-Passw0rd!',
  LOG_LEVEL: 'warn',
  // Every request here comes from one address.
  PUBLIC_READ_RATE_PER_MINUTE: '1000000',
});
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (chunk) => {
  output += chunk;
});
server.stderr.on('data', (chunk) => {
  output += chunk;
});
const streams = [];
let handle;
try {
  await waitForHealth(baseURL, server, () => output);
  handle = await openDatabase({ url: database.url, poolSize: 4 });
  const { db } = handle;

  // An organiser, and one participant per stream, each with a session.
  const passwordHash = 'bench-not-a-password';
  const [organiser] = await db
    .insert(users)
    .values({
      firstName: 'Orga',
      lastName: 'Bench',
      username: 'orga_bench',
      email: 'orga@bench.cm',
      passwordHash,
      isVerified: true,
    })
    .returning();
  const [event] = await db
    .insert(events)
    .values({
      title: 'Concert du banc',
      description: 'Mesure',
      startDateTime: new Date(Date.now() + 86_400_000),
      endDateTime: new Date(Date.now() + 90_000_000),
      address: 'Akwa',
      city: 'Douala',
      category: 'concert',
      status: 'published',
      organizerId: organiser.id,
    })
    .returning();
  const people = [];
  for (let start = 0; start < streamCount; start += 500) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, streamCount - start) }, (_, index) => ({
          firstName: 'Personne',
          lastName: String(start + index),
          username: `bench_${start + index}`,
          email: `bench_${start + index}@bench.cm`,
          passwordHash,
          isVerified: true,
        })),
      )
      .returning({ id: users.id });
    people.push(...rows);
  }
  await db.insert(eventParticipations).values(people.map((person) => ({ eventId: event.id, userId: person.id })));
  const tokens = [];
  for (const person of people) tokens.push((await createSession(db, person.id, 24)).token);

  const before = rssMb(server.pid);
  const heard = new Map();
  for (const [index, token] of tokens.entries()) {
    const controller = new AbortController();
    const response = await fetch(`${baseURL}/api/users/me/stream`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        'x-forwarded-for': `10.9.${index >> 8}.${index & 255}`,
      },
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`stream ${index}: ${response.status} ${await response.text()}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (value.includes('event: conversation')) heard.get(index)?.(performance.now());
        }
      } catch {
        // closed at the end
      }
    })();
    streams.push(controller);
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = rssMb(server.pid);

  // Participants picked across the streams write to the organiser; each delay is from sending the
  // message to its signal on the writer's own stream (one of them all: every screen of an account hears).
  const delays = [];
  for (let n = 0; n < messageCount; n++) {
    const index = Math.floor((n * streamCount) / messageCount);
    const signalled = new Promise((resolve) => heard.set(index, resolve));
    const sentAt = performance.now();
    const response = await fetch(`${baseURL}/api/events/${event.id}/conversations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[index]}`,
        'content-type': 'application/json',
        'x-forwarded-for': `10.8.${n >> 8}.${n & 255}`,
      },
      body: JSON.stringify({ text: `Message ${n}` }),
    });
    if (response.status !== 201) throw new Error(`message ${n}: ${response.status} ${await response.text()}`);
    delays.push((await signalled) - sentAt);
  }
  delays.sort((a, b) => a - b);
  console.log(`streams open: ${streams.length} (${redisUrl ? 'signals through Redis' : 'in-process signals'})`);
  console.log(`server memory: ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB with the streams open`);
  console.log(`  ${(((after - before) * 1024) / streams.length).toFixed(1)} KB per open stream`);
  console.log(
    `from sending a message to its signal on a stream (${delays.length} messages, the write included): p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${percentile(delays, 95).toFixed(1)} ms, max ${delays.at(-1).toFixed(1)} ms`,
  );
} finally {
  for (const controller of streams) controller.abort();
  await handle?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
