import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

let app: Awaited<ReturnType<typeof buildApp>>;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="fr"><body>landing</body></html>');
  fs.writeFileSync(path.join(distDir, 'app.html'), '<!doctype html><html lang="fr"><body>app shell</body></html>');
  fs.writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`);
  const config = loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Admin-Passw0rd!' });
  const database = await openDatabase({ statementTimeoutMs: 5000 });
  app = await buildApp({ config, database, webDistDir: distDir, logger: false });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers / with the landing page, never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('landing');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with the app shell', async () => {
    // /terms is rendered by the server (decision 027), not a client route any more.
    for (const url of ['/GetStarted', '/admin/events', '/mon-compte']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('app shell');
    }
  });

  it('serves hashed assets compressed with a one-year immutable cache', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
  });

  it('sends the brotli file the build made beside an asset as is (apps/web/scripts/precompress.mjs)', async () => {
    const made = brotliCompressSync('console.log("precompressed")');
    fs.writeFileSync(path.join(distDir, 'assets', 'made-def456.js'), 'console.log("precompressed")');
    fs.writeFileSync(path.join(distDir, 'assets', 'made-def456.js.br'), made);
    // Files are listed at start: a fresh app sees the new ones.
    const config = loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Admin-Passw0rd!' });
    const fresh = await buildApp({
      config,
      database: await openDatabase({ statementTimeoutMs: 5000 }),
      webDistDir: distDir,
      logger: false,
    });
    try {
      const response = await fresh.inject({
        method: 'GET',
        url: '/assets/made-def456.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.rawPayload.equals(made)).toBe(true);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A browser without brotli gets the file itself, compressed on the fly.
      const gzip = await fresh.inject({ method: 'GET', url: '/assets/made-def456.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.statusCode).toBe(200);
      expect(gzip.headers['content-encoding']).not.toBe('br');
    } finally {
      await fresh.close();
    }
  });

  it('answers a missing file with 404 and an unknown /api path with the JSON 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
