import net from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX } from '@app/shared/common';
import { PAGE_DEPTH_MAX } from '@app/shared/page-depth';
import { BODY_LIMIT_BYTES } from '../../src/app';
import { errorsPlugin } from '../../src/plugins/errors';
import { buildTestApp, type TestApp } from '../build-test-app';
import { apiRoutes, createSuperadminToken, jsonSchemaOf, refusalProblems, send } from './harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ STATEMENT_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await testApp?.close();
});

describe('limits', () => {
  it('a JSON body over 1 MB is refused with a French 413 before any work; just under is read', async () => {
    expect(BODY_LIMIT_BYTES).toBe(1024 * 1024);
    const url = '/api/users/login';
    const over = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ identifier: 'a', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ message: 'La requête est trop volumineuse' });
    const under = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ identifier: 'a', password: 'x'.repeat(BODY_LIMIT_BYTES - 100) }),
    });
    expect(under.statusCode).toBe(400);
    expect(refusalProblems(under)).toEqual([]);
  });

  it(`every paged list caps limit at ${PAGE_LIMIT_MAX} and refuses more with a French 400`, async () => {
    const { app } = testApp;
    const token = await createSuperadminToken(app);
    const paged = apiRoutes(app).filter(
      (route) => route.method === 'GET' && route.querystring && jsonSchemaOf(route.querystring).properties?.limit,
    );
    expect(paged.length).toBeGreaterThan(1);
    const failures: string[] = [];
    // Lists that need a query parameter besides the page to answer at all.
    const required: Record<string, string> = { 'GET /api/events/nearby': 'city=douala&' };
    for (const route of paged) {
      const base = required[route.key] ?? '';
      const limitSchema = jsonSchemaOf(route.querystring as NonNullable<typeof route.querystring>).properties?.limit;
      if ((limitSchema?.maximum ?? Number.POSITIVE_INFINITY) > PAGE_LIMIT_MAX)
        failures.push(`${route.key}: limit max ${limitSchema?.maximum}`);
      const atCap = await send(app, route, { token, query: `${base}limit=${PAGE_LIMIT_MAX}` });
      // A list under a path id (an event's comments) answers 404 for the random id it is sent.
      const allowed = route.params ? [200, 404] : [200];
      if (!allowed.includes(atCap.statusCode)) failures.push(`${route.key}?limit=${PAGE_LIMIT_MAX}: ${atCap.statusCode}`);
      const over = await send(app, route, { token, query: `${base}limit=${PAGE_LIMIT_MAX + 1}` });
      if (over.statusCode !== 400) failures.push(`${route.key}?limit=${PAGE_LIMIT_MAX + 1}: ${over.statusCode}`);
      else failures.push(...refusalProblems(over).map((problem) => `${route.key}: ${problem}`));
    }
    expect(failures).toEqual([]);
  });

  it(`every numbered list refuses a page starting past ${PAGE_DEPTH_MAX} rows, for the superadmin too (decision 069)`, async () => {
    const { app } = testApp;
    const token = await createSuperadminToken(app);
    const numbered = apiRoutes(app).filter(
      (route) => route.method === 'GET' && route.querystring && jsonSchemaOf(route.querystring).properties?.page,
    );
    expect(numbered.length).toBeGreaterThan(10);
    // 'Transactions' pages through its days' roll-up (decision 054): any page costs what page 1 costs.
    const uncapped = new Set(['GET /api/admin/transactions']);
    // 'Près de moi' stops sooner (decision 057).
    const ownCap = new Set(['GET /api/events/nearby']);
    const required: Record<string, string> = { 'GET /api/events/nearby': 'city=douala&' };
    const failures: string[] = [];
    for (const route of numbered.filter((candidate) => !uncapped.has(candidate.key))) {
      const base = required[route.key] ?? '';
      if (!ownCap.has(route.key)) {
        const last = await send(app, route, {
          token,
          query: `${base}page=${PAGE_DEPTH_MAX / PAGE_LIMIT_MAX}&limit=${PAGE_LIMIT_MAX}`,
        });
        const allowed = route.params ? [200, 404] : [200];
        if (!allowed.includes(last.statusCode)) failures.push(`${route.key} last page: ${last.statusCode}`);
      }
      // Past the cap whatever the list's own page size (some ignore `limit`).
      const deep = await send(app, route, { token, query: `${base}page=${PAGE_DEPTH_MAX + 1}&limit=${PAGE_LIMIT_MAX}` });
      if (route.params && deep.statusCode === 404) continue;
      const refused =
        deep.statusCode === 400 &&
        ['PAGE_TOO_DEEP', 'VALIDATION_ERROR'].includes(deep.json().code) &&
        deep.json().fieldErrors?.page;
      if (!refused) failures.push(`${route.key} too deep: ${deep.statusCode} ${deep.body}`);
      else failures.push(...refusalProblems(deep).map((problem) => `${route.key}: ${problem}`));
    }
    expect(failures).toEqual([]);
  });

  it('every connection runs with the configured statement timeout', async () => {
    const result = await testApp.app.db.execute(sql`show statement_timeout`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { statement_timeout: string }[];
    expect(rows[0]?.statement_timeout).toBe('300ms');
  });

  // PGlite runs the query in this process's own thread and has no timer to cancel it with:
  // the setting is applied (above) but only PostgreSQL enforces it.
  it.skipIf(!onPostgres)('a query that runs past the statement timeout is cancelled and answered 503 in French', async () => {
    const started = Date.now();
    await expect(testApp.app.db.execute(sql`select pg_sleep(3)`)).rejects.toMatchObject({ cause: { code: '57014' } });
    expect(Date.now() - started).toBeLessThan(2000);

    const probe = Fastify({ logger: false });
    await probe.register(errorsPlugin);
    probe.get('/lent', async () => testApp.app.db.execute(sql`select pg_sleep(3)`));
    const response = await probe.inject({ method: 'GET', url: '/lent' });
    expect(response.statusCode).toBe(503);
    expect(refusalProblems(response)).toEqual([]);
    await probe.close();
  });

  it('a request whose body does not arrive in time is cut with 408 (REQUEST_TIMEOUT_MS)', async () => {
    const app = testApp.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as net.AddressInfo;
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(address.port, '127.0.0.1', () => {
        socket.write(
          'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"identifier":',
        );
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        resolve(data);
      }, 8000);
    });
    const elapsed = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'La requête a mis trop de temps à arriver',
      code: 'REQUEST_TIMEOUT',
    });
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(4000);
  });

  it('X-Forwarded-For from an untrusted address cannot dodge the per-address rate limit', async () => {
    const app = testApp.app;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        payload: JSON.stringify({ name: `Personne ${i}`, phone: `+2376900001${String(i).padStart(2, '0')}` }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status >= 200 && status < 300).length).toBeLessThanOrEqual(20);
  });
});
