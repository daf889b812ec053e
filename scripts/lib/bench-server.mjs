// Helpers shared by the benchmarks that run the real server (bench:scale, bench:overhead): start
// and stop it, a bare Fastify route to compare with, and throughput measured by autocannon in a
// process of its own (this file, run with `--load <job>`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverEnv } from '@app/test-utils/server';

const thisFile = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(thisFile), '../..');

/** The superadmin the benchmarks' server seeds and signs in as. */
export const ADMIN_EMAIL = 'admin@bench.local';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

/** The server's environment for a benchmark: quiet logs, no web app, and no per-caller read ceiling. */
export function benchServerEnv(port, dataDir, databaseUrl) {
  return serverEnv(port, dataDir, {
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // One account asks thousands of reads a minute here: the per-caller ceiling (600 a minute)
    // would answer 429 to the lines after a throughput run (it measures the routes, not the limit).
    PUBLIC_READ_RATE_PER_MINUTE: '1000000',
  });
}

/** Signs in as the benchmarks' superadmin: the `Authorization` header of its requests. */
export async function superadminHeaders(baseURL) {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.6.0.2' },
    body: JSON.stringify({ identifier: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`superadmin login failed: ${login.status}`);
  return { authorization: `Bearer ${token}` };
}

/** The API server (apps/api/src/server.ts) with `env`; `nodeArgs` go before the script (e.g. `--cpu-prof`). */
export function startServer(env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.output = () => output;
  return child;
}

export async function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Requests per second at `connections` connections, measured by autocannon in a fresh process of
 * its own: in this long-running one (its heap full of the run's results) it sent about half as
 * many requests, which held the bare route down far more than the API.
 */
export async function throughput(url, line, connections = 10, seconds = Number(process.env.BENCH_DURATION ?? 5)) {
  const job = JSON.stringify({ url, path: line.path ?? line.paths[0], headers: line.headers ?? {}, connections, seconds });
  // With this process's loader flags (`--import tsx`).
  const child = spawn(process.execPath, [...process.execArgv, thisFile, '--load', job], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const exitCode = await new Promise((resolve) => child.once('exit', resolve));
  if (exitCode !== 0) throw new Error(`load process exited ${exitCode}`);
  return JSON.parse(output);
}

/**
 * CPU seconds (user + system) process `pid` has used so far, from /proc (Linux): with it, a
 * benchmark reports CPU time per answer, which another program on the machine slows down far less
 * than it does requests per second.
 */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, in clock ticks of 1/100 s (Linux's USER_HZ).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds each of the machine's PostgreSQL processes (`comm` postgres) has used so far, by
 * process id: what the database server costs beside the API during a measure (`postgresCpuSince`).
 */
export function postgresCpu() {
  const byPid = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') byPid.set(entry, cpuSeconds(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return byPid;
}

/** The CPU seconds PostgreSQL's processes used since `before` (postgresCpu); a process that ended meanwhile is not counted. */
export function postgresCpuSince(before) {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The machine's busy CPU seconds so far, all cores together (/proc/stat: all but idle and iowait). */
export function machineBusySeconds() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  return (ticks.slice(0, 8).reduce((sum, value) => sum + value, 0) - idle) / 100;
}

/** The load process of `throughput`. */
async function load(job) {
  let n = 0;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    timeout: 20,
    requests: [
      {
        method: 'GET',
        path: job.path,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...job.headers, 'x-forwarded-for': `10.8.${(n >> 8) & 255}.${n++ & 255}` },
        }),
      },
    ],
  });
  const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  // Only the answers with status 200 count: a fast 429 or 503 is no throughput (issue 31).
  const ok = byStatus['200'] ?? 0;
  console.log(JSON.stringify({ rps: Math.round(ok / job.seconds), byStatus, errors: result.errors }));
}

/** A bare Fastify route answering the given bytes, in its own process (as the API is). */
export function startBare(port, bodyFile) {
  const code = `
    const fs = require('node:fs');
    const Fastify = require('fastify');
    const body = fs.readFileSync(${JSON.stringify(bodyFile)});
    const app = Fastify({ logger: false });
    app.get('/api/events', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));
  `;
  const child = spawn(process.execPath, ['-e', code], { cwd: path.join(root, 'apps/api'), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (exitCode) => reject(new Error(`bare server exited ${exitCode}`)));
  });
}

if (process.argv[1] === thisFile && process.argv[2] === '--load') await load(JSON.parse(process.argv[3]));
