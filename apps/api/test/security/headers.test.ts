import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openTestDatabase } from '../build-test-app';

/** A tiny built web app, so the HTML answers come from the real static plugin. */
function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-security-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><body><h1>Accueil</h1><script type="module" src="/assets/landing.js"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'app.html'),
    '<!doctype html><html lang="fr"><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

interface Built {
  app: FastifyInstance;
  close(): Promise<void>;
}

async function build(publicUrl: string): Promise<Built> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-headers-'));
  const distDir = makeDist();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'Admin-Passw0rd!',
  });
  const { database, dropDatabase } = await openTestDatabase(config);
  const app = await buildApp({ config, database, webDistDir: distDir, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(distDir, { recursive: true, force: true });
    },
  };
}

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

/** The security headers every answer carries. */
function expectStrictHeaders(headers: Record<string, unknown>, label: string) {
  const csp = directives(headers['content-security-policy']);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, `${label} script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${label} script-src`).not.toContain("'unsafe-eval'");
  expect(scripts.length, `${label} script-src`).toBeGreaterThan(0);
  expect(csp.get('object-src'), `${label} object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${label} base-uri`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `${label} frame-ancestors`).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by'], label).toBeUndefined();
}

describe('security headers over http', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build('http://localhost:3000');
  });
  afterAll(async () => {
    await built?.close();
  });

  it('the landing page, an app route, an asset, API answers, errors and the docs carry the strict headers', async () => {
    const { app } = built;
    const cases: [string, string, string][] = [
      ['GET', '/', 'text/html'],
      ['GET', '/admin/events', 'text/html'],
      ['GET', '/GetStarted', 'text/html'],
      ['GET', '/assets/app.js', 'javascript'],
      ['GET', '/api/health', 'application/json'],
      ['GET', '/api/nope', 'application/json'],
      ['GET', '/api/users/me', 'application/json'],
      ['POST', '/api/users/login', 'application/json'],
    ];
    for (const [method, url, type] of cases) {
      const response = await app.inject({ method: method as 'GET', url });
      expect(String(response.headers['content-type']), url).toContain(type);
      expectStrictHeaders(response.headers, `${method} ${url}`);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    const html = await app.inject({ method: 'GET', url: '/admin/events' });
    expect(html.body).toContain('<div id="root">');
  });

  it('the API docs page still works under its own strict policy', async () => {
    const { app } = built;
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    // Every script of the page is a file (no inline script), so script-src 'self' is enough.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expectStrictHeaders(page.headers, 'docs');
    expect(String(page.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const initializer = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
  });
});

describe('security headers over https', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build('https://evenements.example.cm');
  });
  afterAll(async () => {
    await built?.close();
  });

  it('turns on HSTS (one year, subdomains) on HTML and API answers when PUBLIC_URL is https', async () => {
    for (const url of ['/', '/admin/events', '/api/health', '/api/nope']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expectStrictHeaders(response.headers, url);
    }
  });
});
