import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openTestDatabase } from '../build-test-app';
import { bearer, createUser, tokenFor } from '../factories';

/** Control characters and impossible years are 400s; the log keeps no secret. */
let app: FastifyInstance;
let drop: () => Promise<void>;
const lines: string[] = [];

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/tmp/log-redaction-test' });
  const opened = await openTestDatabase(config);
  drop = opened.dropDatabase;
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  app = await buildApp({ config, database: opened.database, logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': `10.7.0.${Math.floor(Math.random() * 200) + 1}`, ...headers },
  });

describe('control characters and years', () => {
  it('answers a French 400, never a 500, to U+0000 anywhere', async () => {
    const token = await tokenFor(app, await createUser(app, { role: 'superadmin' }));
    const attempts = [
      await app.inject({ method: 'GET', url: '/api/events?q=%00', headers: bearer(token) }),
      await app.inject({ method: 'GET', url: '/api/admin/waitlist?q=a%00b', headers: bearer(token) }),
      await post('/api/users/login', { identifier: 'a\u0000b', password: 'x' }),
      await post('/api/waitlist', { name: 'Awa\u0000', phone: '677 00 11 99', elapsedMs: 5000 }),
      await post('/api/users/register', {
        username: 'nul\u0000byte',
        email: 'nul@example.cm',
        password: 'Mango-Tree-2025',
        confirmPassword: 'Mango-Tree-2025',
        firstName: 'A\u0000',
        lastName: 'B',
      }),
      await post('/api/users/resend-otp', { email: 'a\u0000@example.cm' }),
      await post('/api/users/verify-otp', { identifier: 'a\u0000', otp: '123456' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'CONTROL_CHARACTERS',
        message: 'Le texte envoyé contient des caractères de contrôle non autorisés',
      });
    }
  });

  it('refuses an event dated outside 1900–2100 with a French 400', async () => {
    const token = await tokenFor(app, await createUser(app));
    for (const [start, end] of [
      ['0000-01-01T00:00:00Z', '0000-01-02T00:00:00Z'],
      ['2101-01-01T00:00:00Z', '2101-01-02T00:00:00Z'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: bearer(token),
        payload: {
          title: 'Hors du temps',
          description: 'Test',
          startDateTime: start,
          endDateTime: end,
          location: { address: 'Rue 1', city: 'Douala' },
          category: 'concert',
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('La date doit être comprise entre 1900 et 2100');
    }
  });
});

describe('the log', () => {
  it('of a registration that fails in the database holds no query parameter, hash, password, token or code', async () => {
    // A constraint the service does not know: the insert fails with the SQL parameters in the error.
    await app.db.execute(sql`alter table users add constraint users_no_boom check (first_name <> 'Boom')`);
    const password = 'Secret-Passphrase-913';
    const before = lines.length;
    const response = await post(
      '/api/users/register',
      {
        username: 'boomuser',
        email: 'boom-secret@example.cm',
        password,
        confirmPassword: password,
        firstName: 'Boom',
        lastName: 'Ngono',
      },
      { authorization: 'Bearer some-secret-token-value' },
    );
    expect(response.statusCode).toBe(500);
    const log = lines.slice(before).join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('Failed query');
    for (const secret of ['$argon2', password, 'boom-secret@example.cm', 'some-secret-token-value']) {
      expect(log, secret).not.toContain(secret);
    }
    await app.db.execute(sql`alter table users drop constraint users_no_boom`);
  });
});
