import { logLines } from '../helper';
import fs from 'node:fs';
import path from 'node:path';
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
const { lines, logStream } = logLines();
/** Without SMTP_URL (the default) e-mails are written to DATA_DIR/outbox/ and the log says so. */
const dataDir = fs.mkdtempSync('/tmp/log-redaction-test-');

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir });
  const opened = await openTestDatabase(config);
  drop = opened.dropDatabase;
  app = await buildApp({ config, database: opened.database, logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The e-mails written to the outbox for `to`, once there are at least `count` of them. */
async function outboxEmails(to: string, count: number): Promise<{ subject: string; text: string }[]> {
  const folder = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i += 1) {
    const found = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((file) => file.includes('-email-'))
          .map((file) => {
            // A file still being written (the reset e-mail is written after the answer) is read next round.
            try {
              return JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as {
                to: string;
                subject: string;
                text: string;
              };
            } catch {
              return null;
            }
          })
          .filter((message): message is { to: string; subject: string; text: string } => message?.to === to)
      : [];
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail for ${to}`);
}

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
    const log = lines.slice(before).join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('Failed query');
    for (const secret of ['$argon2', password, 'boom-secret@example.cm', 'some-secret-token-value']) {
      expect(log, secret).not.toContain(secret);
    }
    await app.db.execute(sql`alter table users drop constraint users_no_boom`);
  });

  it('of requests carries their paths without share tokens, referral or one-time codes', async () => {
    const owner = await createUser(app);
    const token = await tokenFor(app, owner);
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(token),
      payload: {
        title: 'Mariage privé',
        description: 'Entre amis.',
        startDateTime: '2099-06-12T18:00:00+01:00',
        endDateTime: '2099-06-12T23:00:00+01:00',
        location: { address: 'Rue 1', city: 'Douala' },
        category: 'other',
        isPublic: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json().event as { _id: string; publicPath: string; shareToken: string };
    await app.inject({ method: 'PUT', url: `/api/events/${event._id}/publish`, headers: bearer(token) });
    const secret = event.shareToken;
    const before = lines.length;
    const urls = [
      `${event.publicPath}?t=${secret}`,
      `${event.publicPath}/calendrier.ics?t=${secret}&x=1`,
      `/api/events/${event._id}?t=${secret}`,
      `/api/events/${event._id}/comments?page=1&shareToken=${secret}`,
      `/evenements?q=concert&ref=REFSECRET1`,
      `/api/events?page=1&code=654321&otp=123987&token=tok-secret-value`,
      `/GetStarted?reset=00000000-0000-4000-8000-000000000000.RESETLINKSECRET`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const log = lines.slice(before).join('\n');
    for (const value of [secret, 'REFSECRET1', '654321', '123987', 'tok-secret-value', 'RESETLINKSECRET']) {
      expect(log, value).not.toContain(value);
    }
    expect(log).toContain('/GetStarted?reset=[masqué]');
    // The paths and the other parameters stay, so the line still says what was asked.
    expect(log).toContain(`GET ${event.publicPath}?t=[masqué] → 200`);
    expect(log).toContain(`/api/events/${event._id}/comments?page=1&shareToken=[masqué]`);
    expect(log).toContain('/evenements?q=concert&ref=[masqué]');
  });

  it('of e-mails written to the outbox holds neither their subject nor their text (codes)', async () => {
    const email = `log-${Date.now()}@example.cm`;
    const password = 'Mango-Tree-2025!x';
    const before = lines.length;
    const registered = await post('/api/users/register', {
      username: `log${Date.now()}`,
      email,
      password,
      confirmPassword: password,
      firstName: 'Awa',
      lastName: 'Ngono',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [verification] = await outboxEmails(email, 1);
    // A reset code goes only to a verified e-mail (decision 021): verify it with its code first.
    const otp = /\b(\d{6})\b/.exec(verification?.subject ?? '')?.[1] ?? '';
    expect((await post('/api/users/verify-otp', { email, otp })).statusCode).toBe(200);
    const reset = await post('/api/auth/reset-password', { email });
    expect(reset.statusCode, reset.body).toBe(200);
    const messages = await outboxEmails(email, 2);
    // The log line of the last write may follow the file by a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = lines.slice(before).join('\n');
    expect(log).toContain('e-mail written to the outbox');
    for (const message of messages) {
      const code = /\b(\d{6})\b/.exec(message.subject)?.[1];
      expect(code, message.subject).toBeDefined();
      expect(log, message.subject).not.toContain(code as string);
      expect(log).not.toContain(message.subject);
      expect(log).not.toContain(message.text.slice(0, 40));
    }
    expect(log).not.toContain(email);
  });
});
