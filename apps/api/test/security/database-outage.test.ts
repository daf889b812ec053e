import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { refusalProblems } from './harness';
import { CuttableProxy, freshPostgresDatabase } from './real-server';

const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

/** PGlite lives in the process and cannot become unreachable: this is about PostgreSQL. */
describe.skipIf(!adminUrl)('database outage (PostgreSQL behind a proxy the test cuts)', () => {
  let app: FastifyInstance;
  let proxy: CuttableProxy;
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const database = await freshPostgresDatabase(adminUrl as string);
    drop = database.drop;
    const target = new URL(database.url);
    proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: viaProxy.toString(),
      DATABASE_POOL_SIZE: '4',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'Admin-Passw0rd!',
    });
    app = await buildApp({ config, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.stop();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The status of GET `url`, asked every 250 ms until it is 200 or 15 s have passed. */
  async function statusOnceRecovered(url: string): Promise<number> {
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await app.inject({ method: 'GET', url })).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return status;
  }

  const requests = [
    { method: 'GET' as const, url: '/api/events' },
    { method: 'POST' as const, url: '/api/waitlist', payload: { name: 'Panne Test', phone: '+237690000777' } },
    { method: 'POST' as const, url: '/api/users/login', payload: { identifier: 'admin@test.local', password: 'mauvais' } },
    { method: 'GET' as const, url: '/api/users/me', headers: { authorization: `Bearer ${'a'.repeat(43)}` } },
  ];

  it('answers 503 in French while the database is unreachable, then recovers on its own', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/health' });
    expect(before.statusCode).toBe(200);
    // Warm the pool so the cut drops live connections, not only new ones.
    await Promise.all(requests.map((request) => app.inject(request)));

    proxy.cut();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    for (const request of requests) {
      const started = Date.now();
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(503);
      expect(response.json(), request.url).toEqual({
        message: 'Service momentanément indisponible. Réessayez dans un instant.',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(refusalProblems(response)).toEqual([]);
      expect(response.headers['retry-after']).toBe('5');
      expect(Date.now() - started, request.url).toBeLessThan(6000);
    }

    proxy.restore();
    expect(await statusOnceRecovered('/api/health')).toBe(200);
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBeLessThan(500);
    }
  }, 60_000);

  it('a connection cut while a transaction holds it between two queries fails that transaction, not the process', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const held = app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.cut();
        // The connection ends while no query runs on it: pg reports it as an 'error' event.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 2`);
      });
      await expect(held).rejects.toThrow();
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      proxy.restore();
    }
    expect(await statusOnceRecovered('/api/health')).toBe(200);
  }, 60_000);

  it('answers 503 when the database stops answering without closing the connection, then recovers', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    proxy.stall();
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(503);
    expect(refusalProblems(response)).toEqual([]);
    // statement timeout (5 s) + 2 s: the client stops waiting on its own.
    expect(Date.now() - started).toBeLessThan(12_000);
    proxy.restore();
    expect(await statusOnceRecovered('/api/events')).toBe(200);
  }, 60_000);
});
