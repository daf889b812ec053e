#!/usr/bin/env node
// Load benchmark: starts the real server on a temporary data folder with the demo data,
// then drives failed logins, waiting-list sign-ups and the event list with autocannon.
//
//   npm run bench:load                                   PGlite, 50 connections, 30 s per scenario
//   BENCH_DURATION=5 npm run bench:load                  a quick run
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:load
//                                                        PostgreSQL: a fresh database on that server, dropped after
//   BENCH_CONNECTIONS=100                                another concurrency
//
// Prints requests per second, p50 and p99 latency and the answers by status for each scenario.
// Exits with 1 when an answer is anything but the scenario's intended ones (429 included).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, serverEnv, waitForHealth } from '@app/test-utils/server';
import { freshPostgresDatabase } from '../packages/test-utils/src/postgres-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL;

async function freshDatabase() {
  return adminUrl ? freshPostgresDatabase(adminUrl, 'bench') : undefined;
}

function run(args, env, { wait = true } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  child.output = () => output;
  if (!wait) return child;
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} failed:\n${output}`))));
  });
}

let counter = 0;
/** A different private client address per request: the server trusts X-Forwarded-For from loopback. */
const clientAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const scenarios = [
  {
    name: 'failed logins (POST /api/users/login, wrong password)',
    intended: ['401', '403', '429'],
    requests: [
      {
        method: 'POST',
        path: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const n = counter++;
          // Half on unknown identifiers, half on one real account (which the lockout then locks: 403).
          const identifier = n % 2 ? `personne${n}@example.cm` : 'aicha@exemple.cm';
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': clientAddress(n % 5000) },
            body: JSON.stringify({ identifier, password: 'Mauvais-Passw0rd!' }),
          };
        },
      },
    ],
  },
  {
    name: 'waiting-list sign-ups (POST /api/waitlist)',
    intended: ['200', '201', '429'],
    requests: [
      {
        method: 'POST',
        path: '/api/waitlist',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const n = counter++;
          const phone = `+2376${String(70_000_000 + (n % 29_999_999)).padStart(8, '0')}`;
          return {
            ...request,
            // 2,000 simulated visitors: each may sign up 20 times per 10 minutes, then 429.
            headers: { ...request.headers, 'x-forwarded-for': clientAddress(n % 2000) },
            body: JSON.stringify({ name: `Visiteur ${n}`, phone, email: `visiteur${n}@example.cm`, elapsedMs: 4000 }),
          };
        },
      },
    ],
  },
  {
    name: 'event list (GET /api/events?page=1&limit=10)',
    intended: ['200'],
    requests: [{ method: 'GET', path: '/api/events?page=1&limit=10' }],
  },
];

function summarize(scenario, result) {
  const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  const unexpected = Object.entries(byStatus).filter(([code]) => !scenario.intended.includes(code));
  const errors = { connection: result.errors - result.timeouts, timeouts: result.timeouts };
  return {
    scenario: scenario.name,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    byStatus,
    errors,
    ok: unexpected.length === 0 && errors.connection === 0 && errors.timeouts === 0,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const database = await freshDatabase();
  const port = await freePort();
  const env = serverEnv(port, dataDir, {
    DATABASE_URL: database?.url ?? '',
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'Admin-Passw0rd!',
    LOG_LEVEL: 'error',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const kind = database ? 'PostgreSQL' : 'PGlite';
  console.log(`bench:load on ${kind}: ${connections} connections, ${duration} s per scenario`);
  let server;
  const reports = [];
  try {
    await run(['apps/api/src/db/seed-demo-cli.ts'], env);
    server = run(['apps/api/src/server.ts'], env, { wait: false });
    const baseURL = `http://127.0.0.1:${port}`;
    await waitForHealth(baseURL, server, server.output);
    for (const scenario of scenarios) {
      const result = await autocannon({ url: baseURL, connections, duration, timeout: 20, requests: scenario.requests });
      const report = summarize(scenario, result);
      reports.push(report);
      console.log(
        `\n${report.scenario}\n  ${report['req/s']} req/s, p50 ${report['p50 ms']} ms, p99 ${report['p99 ms']} ms, ${report.requests} requests`,
      );
      console.log(`  answers: ${JSON.stringify(report.byStatus)}  errors: ${JSON.stringify(report.errors)}`);
      if (!report.ok) console.log(`  UNEXPECTED: only ${scenario.intended.join(', ')} are intended here`);
    }
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${JSON.stringify({ database: kind, connections, duration, reports }, null, 2)}`);
  if (reports.some((report) => !report.ok)) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
