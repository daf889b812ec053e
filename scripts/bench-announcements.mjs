#!/usr/bin/env node
// Announcements benchmark (decision 067): starts the real server on a fresh PostgreSQL database,
// gives one event 10,000 participants (a third admitted at the door, a third with a phone set up
// for push), and times what the organiser waits for: POST /api/events/:id/announcements, which
// writes every participant's notification, e-mail and pushes in one transaction. Then the same
// fan-out through the scheduled path (the job's claim and send).
//
//   npm run bench:announcements                       10,000 participants, PostgreSQL at 127.0.0.1
//   BENCH_PARTICIPANTS=50000 npm run bench:announcements
//   BENCH_DATABASE_URL=postgres://…                   another PostgreSQL server
//
// Prints each send's time and recipients, and the rows it wrote.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { freePort, serverEnv, waitForHealth } from '@app/test-utils/server';
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  checkInAdmissions,
  eventAnnouncements,
  eventParticipations,
  events,
  pushSubscriptions,
  users,
} from '../apps/api/src/db/schema/index.ts';
import { sendDueAnnouncements } from '../apps/api/src/modules/announcements/announcements.job.ts';
import { createSession } from '../apps/api/src/modules/auth/session.service.ts';
import { freshPostgresDatabase } from '../packages/test-utils/src/postgres-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const participantCount = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BATCH = 1000;

const database = await freshPostgresDatabase(adminUrl, 'bench_announce');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-announce-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const env = serverEnv(port, dataDir, {
  DATABASE_URL: database.url,
  ADMIN_EMAIL: 'admin@bench.local',
  ADMIN_PASSWORD: 'Admin-Passw0rd!',
  LOG_LEVEL: 'warn',
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
let handle;
try {
  await waitForHealth(baseURL, server, () => output);
  handle = await openDatabase({ url: database.url, poolSize: 4 });
  const { db } = handle;
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
  const eventValues = (title, startsInMs) => ({
    title,
    description: 'Mesure',
    startDateTime: new Date(Date.now() + startsInMs),
    endDateTime: new Date(Date.now() + startsInMs + 4 * 3_600_000),
    address: 'Akwa',
    city: 'Douala',
    category: 'concert',
    status: 'published',
    organizerId: organiser.id,
  });
  // An event of theirs has taken place: the allowance of a known organiser.
  await db.insert(events).values(eventValues('Concert passé', -30 * 86_400_000));
  const [event] = await db.insert(events).values(eventValues('Concert du banc', 3_600_000)).returning();

  const started = performance.now();
  for (let start = 0; start < participantCount; start += BATCH) {
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(BATCH, participantCount - start) }, (_, index) => ({
          firstName: 'Personne',
          lastName: String(start + index),
          username: `bench_${start + index}`,
          email: `bench_${start + index}@bench.cm`,
          passwordHash,
          isVerified: true,
        })),
      )
      .returning({ id: users.id });
    const joined = await db
      .insert(eventParticipations)
      .values(people.map((person) => ({ eventId: event.id, userId: person.id })))
      .returning({ userId: eventParticipations.userId, ticketId: eventParticipations.ticketId });
    const admitted = joined.filter((_, index) => index % 3 === 0);
    await db.insert(checkInAdmissions).values(
      admitted.map((row) => ({
        eventId: event.id,
        ticketId: row.ticketId,
        userId: row.userId,
        scanId: crypto.randomUUID(),
        admittedAt: new Date(),
      })),
    );
    await db.insert(pushSubscriptions).values(
      joined
        .filter((_, index) => index % 3 === 1)
        .map((row) => ({
          userId: row.userId,
          endpoint: `http://127.0.0.1:9/push/${row.userId}`,
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        })),
    );
  }
  // The team's 'Notifications push' on (off by default): the pushes are queued too.
  await db.execute(sql`update app_settings set data = jsonb_set(data, '{notifications,pushNotifications}', 'true') where id = 1`);
  await db.execute(sql`analyze`);
  console.log(`${participantCount} participants seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { token } = await createSession(db, organiser.id, 24);

  const counts = async () => {
    const result = await db.execute(sql`select
      (select count(*) from user_notifications)::int as notifications,
      (select count(*) from outbound_messages where channel = 'email')::int as emails,
      (select count(*) from outbound_messages where channel = 'push')::int as pushes`);
    return (result.rows ?? result)[0];
  };

  const sends = [
    ['all', 'Les portes ouvrent à 18 h, venez tôt.'],
    ['admitted', 'Le concert commence dans la grande salle.'],
    ['not_admitted', 'L’entrée ferme à 21 h, dépêchez-vous.'],
    ['all', 'Parking gratuit au stade, navettes toutes les 10 minutes.'],
  ];
  for (const [audience, text] of sends) {
    const before = await counts();
    const t0 = performance.now();
    const response = await fetch(`${baseURL}/api/events/${event.id}/announcements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text, audience }),
    });
    const elapsed = performance.now() - t0;
    const body = await response.json();
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(body)}`);
    const after = await counts();
    console.log(
      `POST, audience ${audience.padEnd(12)}: ${elapsed.toFixed(0).padStart(5)} ms for ${body.announcement.recipients} recipients` +
        ` (+${after.notifications - before.notifications} notifications, +${after.emails - before.emails} e-mails, +${after.pushes - before.pushes} pushes)`,
    );
  }

  // The scheduled path: one due announcement, sent by the job's run (claim, fan-out, sent_at).
  await db.insert(eventAnnouncements).values({
    eventId: event.id,
    authorId: organiser.id,
    audience: 'all',
    text: 'Annonce programmée du banc.',
    sendAt: new Date(Date.now() - 1000),
  });
  const t0 = performance.now();
  const sent = await sendDueAnnouncements({ db, log: pino({ level: 'warn' }), publicUrl: baseURL });
  console.log(`job run, 1 scheduled announcement to all: ${(performance.now() - t0).toFixed(0)} ms (${sent} sent)`);
} finally {
  await handle?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
