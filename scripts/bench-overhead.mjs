// The API's own cost per request (issue 31 item 3): the real server beside a bare Fastify route
// that answers the anonymous list's exact bytes, side by side in one run, at 10 connections,
// counting only status-200 answers (autocannon, a different X-Forwarded-For per request), and the
// CPU time each answer costs the server (from /proc), which another program slows down far less.
//
//   npm run bench:overhead                 PGlite in a temporary folder
//   npm run bench:overhead -- --postgres   a fresh database on postgres://postgres@127.0.0.1:5432/
//                                          (BENCH_DATABASE_URL), dropped after
//   BENCH_DURATION=5 BENCH_EVENTS=300      seconds per measure, events inserted
//   BENCH_ROUNDS=3                         the four measures again, and the median ratio (default 1)
//   BENCH_CPU_PROF=<folder>                runs the server with `node --cpu-prof` into that folder
//
// Targets: anonymous list ≥ 50 % of the bare route, superadmin list ≥ 25 % (PGlite ≥ 10 %).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHealth } from '@app/test-utils/server';
import pg from 'pg';
import { freshPostgresDatabase } from '../packages/test-utils/src/postgres-database.ts';
import {
  benchServerEnv,
  cpuSeconds,
  startBare,
  startServer,
  stopServer,
  superadminHeaders,
  throughput,
} from './lib/bench-server.mjs';

const usePostgres = process.argv.includes('--postgres');
const events = Number(process.env.BENCH_EVENTS ?? 300);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cpuProf = process.env.BENCH_CPU_PROF;
const LIST = '/api/events?page=1&limit=10';

/** Published public events with accents in their titles, as the API stores them. */
function insertEvents(n) {
  return `insert into events (title, description, start_date_time, end_date_time, address, city, category, status, is_public,
      search_text, created_at, updated_at)
    select 'Soirée ' || g, 'Description de l''évènement ' || g, now() + (g % 60) * interval '1 day',
      now() + (g % 60) * interval '1 day' + interval '3 hours', 'Rue ' || g, 'Douala', 'concert', 'published', true,
      'soiree ' || g || ' description de l''evenement ' || g || ' rue ' || g || ' douala',
      now() - g * interval '1 minute', now()
    from generate_series(1, ${n}) g`;
}

async function execPglite(dataDir, statement) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const client = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gin } });
  try {
    await client.exec(statement);
  } finally {
    await client.close();
  }
}

async function execPostgres(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const pct = (part, whole) => `${((part / whole) * 100).toFixed(1)} %`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-overhead-'));
  const database = usePostgres ? await freshPostgresDatabase(adminUrl, 'bench_overhead') : { url: '', drop: async () => {} };
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(port, dataDir, database.url);
  let server;
  let bare;
  let failed = false;
  try {
    // First start: migrations and the base seed (superadmin); PGlite holds its folder alone, so
    // the events go in while the server is stopped.
    server = startServer(env);
    await waitForHealth(baseURL, server, server.output, 300_000);
    await stopServer(server);
    if (usePostgres) await execPostgres(database.url, insertEvents(events));
    else await execPglite(dataDir, insertEvents(events));
    if (cpuProf) fs.mkdirSync(cpuProf, { recursive: true });
    server = startServer(env, cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : []);
    await waitForHealth(baseURL, server, server.output, 300_000);

    const admin = await superadminHeaders(baseURL);

    const listed = await fetch(`${baseURL}${LIST}`);
    const bytes = Buffer.from(await listed.arrayBuffer());
    if (listed.status !== 200) throw new Error(`anonymous list: ${listed.status}`);
    const adminListed = await fetch(`${baseURL}${LIST}`, { headers: admin });
    if (adminListed.status !== 200) throw new Error(`superadmin list: ${adminListed.status}`);
    const bodyFile = path.join(dataDir, 'list.json');
    fs.writeFileSync(bodyFile, bytes);
    const barePort = await freePort();
    bare = await startBare(barePort, bodyFile);
    const bareURL = `http://127.0.0.1:${barePort}`;

    const kind = usePostgres ? 'PostgreSQL' : 'PGlite';
    console.log(`bench:overhead on ${kind}, ${events} events, list answer ${bytes.length} B`);
    const seconds = Number(process.env.BENCH_DURATION ?? 5);
    const cpuPerAnswer = {};
    const measure = async (name, url, line, pid) => {
      const cpuBefore = cpuSeconds(pid);
      const result = await throughput(url, line, 10, seconds);
      const micros = ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.rps * seconds);
      cpuPerAnswer[name] = [...(cpuPerAnswer[name] ?? []), micros];
      const others = Object.entries(result.byStatus).filter(([status]) => status !== '200');
      if (others.length > 0 || result.errors > 0) failed = failed || others.some(([status]) => status.startsWith('5'));
      console.log(
        `  ${name.padEnd(22)} ${String(result.rps).padStart(7)} req/s (200s), ${micros.toFixed(0).padStart(4)} µs CPU per answer${others.length ? `  others ${JSON.stringify(Object.fromEntries(others))}` : ''}${result.errors ? `  errors ${result.errors}` : ''}`,
      );
      return result.rps;
    };
    // The machine's speed drifts: each round measures the bare route on both sides of the two
    // lists and compares them with the better of the two; with several rounds, the median ratio.
    const superTarget = usePostgres ? 25 : 10;
    const anonymousRatios = [];
    const superadminRatios = [];
    for (let round = 1; round <= rounds; round++) {
      if (rounds > 1) console.log(`round ${round}`);
      const bareFirst = await measure('bare route', bareURL, { path: LIST }, bare.pid);
      const anonymous = await measure('anonymous list', baseURL, { path: LIST }, server.pid);
      const superadmin = await measure('superadmin list', baseURL, { path: LIST, headers: admin }, server.pid);
      const bareSecond = await measure('bare route again', bareURL, { path: LIST }, bare.pid);
      const bareRate = Math.max(bareFirst, bareSecond);
      anonymousRatios.push(anonymous / bareRate);
      superadminRatios.push(superadmin / bareRate);
      console.log(
        `  anonymous list / bare route ${pct(anonymous, bareRate)}, superadmin list / bare route ${pct(superadmin, bareRate)} (bare route: the better of ${bareFirst} / ${bareSecond} req/s)`,
      );
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
    const anonymous = median(anonymousRatios);
    const superadmin = median(superadminRatios);
    // CPU per answer: what each answer costs the server, whatever else the machine runs; a bare
    // route's share of it is the throughput ratio a quiet machine would show.
    const bareCpu = median([...cpuPerAnswer['bare route'], ...cpuPerAnswer['bare route again']]);
    const anonymousCpu = median(cpuPerAnswer['anonymous list']);
    const superadminCpu = median(cpuPerAnswer['superadmin list']);
    console.log(
      `\nCPU per answer (median): bare route ${bareCpu.toFixed(0)} µs, anonymous list ${anonymousCpu.toFixed(0)} µs (bare / it ${pct(bareCpu, anonymousCpu)}), superadmin list ${superadminCpu.toFixed(0)} µs (bare / it ${pct(bareCpu, superadminCpu)})`,
    );
    console.log(
      `${kind}${rounds > 1 ? `, median of ${rounds} rounds` : ''}: anonymous list / bare route ${pct(anonymous, 1)} (target ≥ 50 %${anonymous >= 0.5 ? ', met' : ', NOT met'}); superadmin list / bare route ${pct(superadmin, 1)} (target ≥ ${superTarget} %${superadmin >= superTarget / 100 ? ', met' : ', NOT met'})`,
    );
  } catch (error) {
    console.error(error);
    if (server) console.error(server.output());
    failed = true;
  } finally {
    if (bare) bare.kill('SIGTERM');
    await stopServer(server);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main();
