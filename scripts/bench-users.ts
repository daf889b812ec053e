// Users administration and moderation queue at scale: a fresh PostgreSQL database with
// 100,000 users and 10,000 open reports inserted by SQL, then the admin calls timed in process
// (app.inject: the route, its validation and its queries, without the network).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:users
//   BENCH_USERS=1000000 BENCH_REPORTS=100000 …      other sizes; BENCH_RUNS=30 timings per call
//
// Prints p50, p95 and max in milliseconds per call. The database is dropped at the end.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createSession } from '../apps/api/src/modules/auth/session.service';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const name = `bench_users_${Date.now()}_${randomBytes(3).toString('hex')}`;
await query(adminUrl, `CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-users-'));
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'Bench-Passw0rd!',
  }),
  logger: false,
});
try {
  const started = Date.now();
  // Users: names with accents, e-mails, Cameroonian phones; a tenth unverified, a fiftieth blocked.
  await query(
    url.toString(),
    `insert into users (first_name, last_name, username, email, phone, password_hash, is_verified, is_blocked, created_at)
     select (array['Aïcha','Paul','Grâce','Hervé','Nadège','Samuel','Brenda','Jean-Pierre'])[1 + i % 8],
            (array['Ngono','Mbarga','Fotso','Etoo','Tchoupo','Kamga','Atangana','Wandji'])[1 + (i / 8) % 8] || ' ' || i,
            'membre_' || i, 'membre' || i || '@exemple.cm', '+2376' || lpad((50000000 + i)::text, 8, '0'),
            'x', i % 10 <> 0, i % 50 = 0, now() - (i || ' minutes')::interval
     from generate_series(1, ${USERS}) as i`,
  );
  // Open reports: 10,000 distinct (reporter, target) pairs over the first tenth of the users.
  await query(
    url.toString(),
    `with people as (select id, row_number() over (order by created_at desc) as n from users where role = 'user')
     insert into user_reports (reporter_id, target_id, subject_id, reason, details, created_at)
     select r.id, t.id, t.id, (array['spam','harassment','scam','other'])[1 + k % 4], 'Signalement ' || k, now() - (k || ' seconds')::interval
     from generate_series(1, ${REPORTS}) as k
     join people r on r.n = 1 + (k * 7919) % ${USERS}
     join people t on t.n = 1 + k % greatest(${Math.floor(USERS / 10)}, 1)
     where r.id <> t.id
     on conflict do nothing`,
  );
  await query(
    url.toString(),
    `update users set open_reports_count = c.n from
       (select target_id, count(*) as n from user_reports where status = 'open' group by 1) c where users.id = c.target_id`,
  );
  await query(url.toString(), 'analyze');
  const [counts] = (
    await query(url.toString(), `select (select count(*) from users) as users, (select count(*) from user_reports) as reports`)
  ).rows;
  console.log(`inserted ${counts.users} users and ${counts.reports} reports in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const [admin] = (
    await query(
      url.toString(),
      `insert into users (first_name, last_name, email, password_hash, role, permissions, is_admin_validated, is_verified)
       values ('Modé', 'Ratrice', 'moderatrice@bench.local', 'x', 'admin', '{manage_users}', true, true) returning id`,
    )
  ).rows;
  const { token } = await createSession(app.db, admin.id, 1);
  const [someone] = (await query(url.toString(), `select id from users where open_reports_count > 0 limit 1`)).rows;

  const calls: [string, string][] = [
    ['GET /users (page 1)', '/api/users'],
    ['GET /users?page=5000', '/api/users?page=5000'],
    ['GET /users?reports=reported', '/api/users?reports=reported'],
    ['GET /users?reports=not_reported&status=active', '/api/users?reports=not_reported&status=active'],
    ['GET /users?q=herve (search)', '/api/users?q=herve'],
    ['GET /users?q=membre99999 (rare)', '/api/users?q=membre99999'],
    ['GET /users/{id} (detail)', `/api/users/${someone.id}`],
    ['GET /reports (page 1)', '/api/reports'],
    ['GET /reports?page=500', '/api/reports?page=500'],
  ];
  console.log(`\n${'call'.padEnd(48)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  (ms, ${RUNS} runs)`);
  for (const [label, path_] of calls) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url: path_, headers: { authorization: `Bearer ${token}` } });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (run >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1) ?? '-';
    console.log(`${label.padEnd(48)} ${at(0.5).padStart(8)} ${at(0.95).padStart(8)} ${times.at(-1)?.toFixed(1).padStart(8)}`);
  }
} finally {
  await app.close();
  await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
