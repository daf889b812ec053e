#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 with its mobile settings (Moto G Power screen, slow 4G
// simulated, 4x CPU slowdown) against the built site, served by the real server on a free port
// with a temporary data folder, in the system Chromium. Measures the three public pages: `/`,
// the agenda `/evenements` and one event page (an event with an image, created through the API
// first). Prints the four category scores, LCP, TBT, CLS and the transfer size of each (median
// of the runs), and exits 1 when a target is missed. Then the installed app's first screen (the
// manifest's `start_url`, the organiser space) signed in, cold (no service worker, no cache):
// its figures are printed, not held to the public pages' targets (it is not indexed, and React).
//
//   node scripts/bench-lighthouse.mjs [--runs 3 (default)] [--path / (only this page)] [--json out.json]
//   WEB_DIST_DIR=/tmp/dist-x node scripts/bench-lighthouse.mjs   (an already built folder)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const runs = Math.max(1, Number(option('runs', '3')));
const onlyPath = option('path', '');
const jsonOut = option('json', '');

const TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 1200 };

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

/** An event with an image, published, so its page can be measured: its address. */
async function createEventPage() {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin@bench.local', password: 'Bench-Passw0rd!' }),
  });
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const image = fs.readFileSync(path.join(root, 'apps/web/public/images/communaute-960.webp'));
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      title: 'Festival des saveurs du Wouri',
      description: 'Cuisine de rue, musique live et artisans : une journée au bord du Wouri.\n\nProgramme : https://example.org',
      startDateTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      endDateTime: new Date(Date.now() + 7 * 86_400_000 + 6 * 3600_000).toISOString(),
      location: { address: 'Quai du Wouri', city: 'Douala' },
      category: 'food',
      isHighlighted: true,
      ticketTypes: [
        { name: 'Entrée', price: 2000, quantity: 300 },
        { name: 'VIP', price: 10000, quantity: 50 },
      ],
    }),
  );
  form.append('images', new Blob([image], { type: 'image/webp' }), 'saveurs.webp');
  const created = await fetch(`${baseURL}/api/events`, { method: 'POST', headers, body: form });
  if (created.status !== 201) throw new Error(`event not created: ${created.status} ${await created.text()}`);
  const { event } = await created.json();
  const published = await fetch(`${baseURL}/api/events/${event._id}/publish`, { method: 'PUT', headers });
  if (!published.ok) throw new Error(`event not published: ${published.status}`);
  return event.publicPath;
}

/** The bench administrator's token, as the web app keeps it after signing in. */
async function adminToken() {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin@bench.local', password: 'Bench-Passw0rd!' }),
  });
  return (await login.json()).token;
}

/**
 * Before each run of a signed-in page: the token in localStorage (Lighthouse keeps storage when
 * told), and no service worker nor its caches, so the run is a first visit.
 */
async function signedInAsFirstVisit(token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${baseURL}/robots.txt`);
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin: baseURL, storageTypes: 'service_workers,cache_storage' });
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.close();
  await browser.disconnect();
}

/** Lighthouse `runs` times on one page: the median of each figure on its own. */
async function measure(url, { token } = {}) {
  // A first visit warms the server (module loading, first render) so it is not measured.
  await fetch(url);
  const results = [];
  for (let run = 1; run <= runs; run++) {
    let answer;
    // Chromium sometimes leaves the navigation start out of a trace (NO_NAVSTART): measure again.
    for (let attempt = 1; ; attempt++) {
      if (token) await signedInAsFirstVisit(token);
      answer = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: !!token,
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
    if (jsonOut && run === runs)
      fs.writeFileSync(
        jsonOut.replace(/(\.json)?$/, `-${results.length}-${encodeURIComponent(new URL(url).pathname)}.json`),
        answer.report,
      );
    console.log(
      `${new URL(url).pathname} run ${run}/${runs}: performance ${result.performance} · accessibility ${result.accessibility} · best practices ${result['best-practices']} · SEO ${result.seo} · LCP ${result.lcpMs} ms · TBT ${result.tbtMs} ms · CLS ${result.cls} · FCP ${result.fcpMs} ms · transfer ${result.transferKB} KB`,
    );
  }
  const medianOf = (key) => [...results].map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  const median = Object.fromEntries(
    ['performance', 'accessibility', 'best-practices', 'seo', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'transferKB'].map((key) => [
      key,
      medianOf(key),
    ]),
  );
  median.failed = [...new Set(results.flatMap((r) => r.failed))];
  return median;
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

  const paths = onlyPath ? [onlyPath] : ['/', '/evenements', await createEventPage()];
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const medians = [];
  for (const pagePath of paths) medians.push({ pagePath, ...(await measure(`${baseURL}${pagePath}`)) });

  console.log(`\nLighthouse ${lighthouse.version ?? '12'} (mobile)${runs > 1 ? `, median of ${runs} runs` : ''}`);
  console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | transfer |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const m of medians) {
    const name = m.pagePath.startsWith('/evenements/') ? '/evenements/{slug}-{id}' : m.pagePath;
    console.log(
      `| ${name} | ${m.performance} | ${m.accessibility} | ${m['best-practices']} | ${m.seo} | ${m.lcpMs} ms | ${m.tbtMs} ms | ${m.cls} | ${m.transferKB} KB |`,
    );
  }
  const rows = medians.flatMap((m) => [
    [`${m.pagePath} performance`, m.performance, `≥ ${TARGETS.performance}`, m.performance >= TARGETS.performance],
    [`${m.pagePath} accessibility`, m.accessibility, `${TARGETS.accessibility}`, m.accessibility >= TARGETS.accessibility],
    [
      `${m.pagePath} best practices`,
      m['best-practices'],
      `${TARGETS['best-practices']}`,
      m['best-practices'] >= TARGETS['best-practices'],
    ],
    [`${m.pagePath} SEO`, m.seo, `${TARGETS.seo}`, m.seo >= TARGETS.seo],
    [`${m.pagePath} LCP`, `${m.lcpMs} ms`, `≤ ${TARGETS.lcpMs} ms`, m.lcpMs <= TARGETS.lcpMs],
  ]);
  for (const [name, value, target] of rows.filter(([, , , ok]) => !ok)) {
    console.log(`MISSED ${name}: ${value} (target ${target})`);
  }
  for (const m of medians) if (m.failed.length) console.log(`${m.pagePath}: audits not passed: ${m.failed.join(', ')}`);
  const missed = rows.some(([, , , ok]) => !ok);

  if (!onlyPath) {
    const { start_url: startUrl } = JSON.parse(fs.readFileSync(path.join(distDir, 'manifest.webmanifest'), 'utf8'));
    const app = await measure(`${baseURL}${startUrl}`, { token: await adminToken() });
    console.log(`\nThe installed app's first screen, signed in, first visit${runs > 1 ? ` (median of ${runs} runs)` : ''}:`);
    console.log(
      `| ${startUrl} | performance ${app.performance} | accessibility ${app.accessibility} | best practices ${app['best-practices']} | LCP ${app.lcpMs} ms | TBT ${app.tbtMs} ms | CLS ${app.cls} | transfer ${app.transferKB} KB |`,
    );
    if (app.failed.length) console.log(`${startUrl}: audits not passed: ${app.failed.join(', ')}`);
  }
  await cleanup();
  process.exit(missed ? 1 : 0);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
