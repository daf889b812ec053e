import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { appSettings, users } from '../src/db/schema/index';
import { seedBase } from '../src/db/seed';
import { DEFAULT_SETTINGS } from '@app/shared/settings';
import { buildTestApp, type TestApp } from './build-test-app';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 once the database is closed', async () => {
    testApp = await buildTestApp();
    await testApp.app.database.close();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: 'down' });
  });
});

describe('migrations and seed', () => {
  it('builds every table on an empty database and seeds the settings and one superadmin', async () => {
    testApp = await buildTestApp();
    const [settings] = await testApp.app.db.select().from(appSettings);
    expect(settings?.data).toEqual(DEFAULT_SETTINGS);
    const admins = await testApp.app.db.select().from(users).where(eq(users.role, 'superadmin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]?.email).toBe('admin@test.local');
    expect(admins[0]?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('seeding twice changes nothing', async () => {
    testApp = await buildTestApp();
    const before = await testApp.app.db.select().from(users);
    await seedBase(testApp.app);
    await seedBase(testApp.app);
    const after = await testApp.app.db.select().from(users);
    expect(after).toEqual(before);
    const [settingsRows] = await testApp.app.db.select({ n: count() }).from(appSettings);
    expect(settingsRows?.n).toBe(1);
  });
});

describe('configuration', () => {
  it('refuses a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toMatch(/data$/);
    expect(config.SMS_PROVIDER).toBe('outbox');
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a French 404 in the error shape', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Ressource introuvable', code: 'NOT_FOUND' });
  });

  it('answers a broken JSON body with a French 400 and no stack trace', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Le corps de la requête n’est pas un JSON valide',
      code: 'INVALID_BODY',
    });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a malformed URL and an over-long path parameter in our shape, not the router’s', async () => {
    testApp = await buildTestApp();
    const tooLong = await testApp.app.inject({ method: 'GET', url: `/api/events/${'x'.repeat(300)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: 'Requête invalide', code: 'BAD_REQUEST' });
    const malformed = await testApp.app.inject({
      method: 'GET',
      url: '/api/events/%E0%A4%A',
      headers: { 'accept-language': 'en' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid request', code: 'BAD_REQUEST' });
  });
});

describe('openapi', () => {
  it('documents the routes at /api/openapi.json and serves the docs page', async () => {
    testApp = await buildTestApp();
    const spec = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/users/login', '/api/users/me']));
    const docs = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });
});
