#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 with its mobile settings (Moto G Power screen, slow 4G
// simulated, 4x CPU slowdown) against the built site, served by the real server on a free port
// with a temporary data folder, in the system Chromium. Prints the four category scores, LCP,
// TBT, CLS and the transfer size, and exits 1 when a target is missed.
//
//   node scripts/bench-lighthouse.mjs [--runs 3 (default)] [--path /] [--json out.json]
//   WEB_DIST_DIR=/tmp/dist-x node scripts/bench-lighthouse.mjs   (an already built folder)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const runs = Math.max(1, Number(option('runs', '3')));
const pagePath = option('path', '/');
const jsonOut = option('json', '');

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 2000 };

const distDir = path.resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
if (!fs.existsSync(path.join(distDir, 'index.html'))) {
  console.log(`No build in ${distDir}: building it…`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: distDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const chromePath =
  process.env.CHROME_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => fs.existsSync(p));
if (!chromePath) {
  console.error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH.');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
const baseURL = `http://127.0.0.1:${port}`;
let logs = '';
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    WEB_DIST_DIR: distDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'Bench-Passw0rd!',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => {
  logs += chunk;
});
server.stderr.on('data', (chunk) => {
  logs += chunk;
});

let chrome;
async function cleanup() {
  await chrome?.kill();
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${logs}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const url = `${baseURL}${pagePath}`;
  // A first visit warms the server (module loading, first render) so it is not measured.
  await fetch(url);

  const results = [];
  for (let run = 1; run <= runs; run++) {
    let answer;
    // Chromium sometimes leaves the navigation start out of a trace (NO_NAVSTART): measure again.
    for (let attempt = 1; ; attempt++) {
      answer = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!answer.lhr.runtimeError) break;
      if (attempt === 3) throw new Error(`Lighthouse failed: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`);
      console.log(`run ${run}: ${answer.lhr.runtimeError.code}, measuring again`);
    }
    const lhr = answer.lhr;
    const result = {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      'best-practices': Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
      cls: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue ?? 0),
      transferKB: Number(((lhr.audits['total-byte-weight'].numericValue ?? 0) / 1024).toFixed(1)),
      failed: Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual' &&
            audit.scoreDisplayMode !== 'notApplicable' &&
            audit.scoreDisplayMode !== 'metricSavings',
        )
        .map((audit) => audit.id),
    };
    results.push(result);
    if (jsonOut && run === runs) fs.writeFileSync(jsonOut, answer.report);
    console.log(
      `run ${run}/${runs}: performance ${result.performance} · accessibility ${result.accessibility} · best practices ${result['best-practices']} · SEO ${result.seo} · LCP ${result.lcpMs} ms · TBT ${result.tbtMs} ms · CLS ${result.cls} · FCP ${result.fcpMs} ms · transfer ${result.transferKB} KB`,
    );
  }

  // The median of each figure on its own (Lighthouse varies from run to run).
  const medianOf = (key) => [...results].map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  const median = Object.fromEntries(
    ['performance', 'accessibility', 'best-practices', 'seo', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'transferKB'].map((key) => [
      key,
      medianOf(key),
    ]),
  );
  median.failed = [...new Set(results.flatMap((r) => r.failed))];
  console.log(`\nLighthouse ${lighthouse.version ?? '12'} (mobile) — ${url}${runs > 1 ? ` — median of ${runs} runs` : ''}`);
  const rows = [
    ['Performance', median.performance, `≥ ${TARGETS.performance}`, median.performance >= TARGETS.performance],
    ['Accessibility', median.accessibility, `${TARGETS.accessibility}`, median.accessibility >= TARGETS.accessibility],
    [
      'Best practices',
      median['best-practices'],
      `${TARGETS['best-practices']}`,
      median['best-practices'] >= TARGETS['best-practices'],
    ],
    ['SEO', median.seo, `${TARGETS.seo}`, median.seo >= TARGETS.seo],
    ['LCP', `${median.lcpMs} ms`, `≤ ${TARGETS.lcpMs} ms`, median.lcpMs <= TARGETS.lcpMs],
    ['TBT', `${median.tbtMs} ms`, '', true],
    ['CLS', median.cls, '', true],
    ['Transfer size', `${median.transferKB} KB`, '', true],
  ];
  for (const [name, value, target, ok] of rows) {
    console.log(
      `${String(name).padEnd(16)} ${String(value).padStart(9)}  ${target ? `${ok ? 'ok ' : 'MISSED'} (target ${target})` : ''}`,
    );
  }
  if (median.failed.length) console.log(`Audits not passed: ${median.failed.join(', ')}`);
  const missed = rows.some(([, , target, ok]) => target && !ok);
  await cleanup();
  process.exit(missed ? 1 : 0);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
