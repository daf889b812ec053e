import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { outboundMessages } from '../src/db/schema/index';
import { freshPostgresDatabase } from './build-test-app';
import { openEventStream } from './event-stream';
import { createUser, tokenFor } from './factories';

/**
 * Two API instances on one PostgreSQL and one Redis behave as one (decision 013): sessions, rate
 * limits, cache invalidation, outbound messages sent once, migrations run once.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(): Promise<string | null> {
  // `npm test` runs the suite on PGlite, then on PostgreSQL: these run once, in the second pass.
  if (process.env.TEST_DB !== 'postgres' && process.env.TEST_DATABASE_URL) return 'they run in the PostgreSQL pass';
  try {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.end();
  } catch {
    return `PostgreSQL unreachable at ${adminUrl}`;
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch {
    return `Redis unreachable at ${redisUrl}`;
  } finally {
    redis.disconnect();
  }
}

const missing = await reachable();
if (missing) console.warn(`multi-instance tests skipped: ${missing}`);

describe.skipIf(missing !== null)('two instances on one PostgreSQL and one Redis', () => {
  const dirs: string[] = [];
  let database: { url: string; drop(): Promise<void> };
  let a: FastifyInstance;
  let b: FastifyInstance;
  const run = randomBytes(4).toString('hex');

  function start() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-instance-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redisUrl,
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'Admin-Passw0rd!',
      ANSWER_CACHE_TTL_MS: '60000',
      SESSION_CACHE_TTL_MS: '60000',
      PUBLIC_READ_RATE_PER_MINUTE: '3',
    });
    return buildApp({ config, logger: false });
  }

  beforeAll(async () => {
    database = await freshPostgresDatabase(adminUrl, 'multi');
    // Both start together on the empty database: one migrates, the other waits on the lock.
    [a, b] = await Promise.all([start(), start()]);
    await Promise.all([a.ready(), b.ready()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ran each migration once although both started together', async () => {
    const result = await a.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(fs.readFileSync(path.join(__dirname, '../src/db/migrations/meta/_journal.json'), 'utf8'));
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
  });

  async function login(app: FastifyInstance): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': `10.50.${run.length}.1` },
      payload: { identifier: 'admin@test.local', password: 'Admin-Passw0rd!' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token;
  }

  it('accepts on one instance the session made on the other', async () => {
    const token = await login(a);
    const me = await b.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.email).toBe('admin@test.local');
  });

  it('ends on the other instance, as soon as the database announces it, a session it had kept', async () => {
    const token = await login(a);
    const me = () => b.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const out = await a.inject({ method: 'POST', url: '/api/users/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode, out.body).toBe(200);
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(401), { timeout: 3000, interval: 20 });
  });

  it('shares the rate limits: three public reads per minute in all, whichever instance answers', async () => {
    const address = `10.${(parseInt(run, 16) >> 16) & 255}.${(parseInt(run, 16) >> 8) & 255}.${parseInt(run, 16) & 255}`;
    const read = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/events', headers: { 'x-forwarded-for': address } });
    expect((await read(a)).statusCode).toBe(200);
    expect((await read(b)).statusCode).toBe(200);
    expect((await read(a)).statusCode).toBe(200);
    const fourth = await read(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('RATE_LIMITED');
  });

  it('drops on both instances the cached list after a write on one', async () => {
    const anonymous = (app: FastifyInstance, n: number) =>
      app.inject({ method: 'GET', url: '/api/events?limit=5', headers: { 'x-forwarded-for': `10.51.${n}.${run.length}` } });
    // Each instance caches once it follows the shared generation (subscribed to its moves).
    await vi.waitFor(() => expect(a.answerCache.shared && b.answerCache.shared).toBe(true));
    expect((await anonymous(a, 1)).json().total).toBe(0);
    expect((await anonymous(b, 2)).json().total).toBe(0);
    const token = await login(a);
    const created = await a.inject({
      method: 'POST',
      url: '/api/events',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        title: 'Concert partagé',
        description: 'Deux instances, une seule liste.',
        startDateTime: '2027-06-12T18:00:00+01:00',
        endDateTime: '2027-06-12T23:00:00+01:00',
        location: { address: 'Boulevard du 20 Mai', city: 'Yaoundé' },
        category: 'concert',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json().event;
    if (event.status !== 'published') {
      const published = await a.inject({
        method: 'PUT',
        url: `/api/events/${event._id}/publish`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(published.statusCode, published.body).toBe(200);
    }
    // Instance B cached the empty list for a minute; A's write moved the shared generation, and B
    // hears of it within moments (the announcement travels through Redis).
    expect((await anonymous(a, 3)).json().total).toBe(1);
    let attempt = 4;
    await vi.waitFor(
      async () => {
        const afterOnB = (await anonymous(b, attempt++)).json();
        expect(afterOnB.total).toBe(1);
        expect(afterOnB.items[0].title).toBe('Concert partagé');
      },
      { timeout: 1000, interval: 10 },
    );
  });

  it('sends each due message once although both workers look for it', async () => {
    const [row] = await a.database.db
      .insert(outboundMessages)
      .values({ channel: 'sms', recipient: '+237677000111', text: `Code ${run}`, status: 'pending', nextAttemptAt: new Date(0) })
      .returning();
    await Promise.all([a.notifications.processDue(), b.notifications.processDue(), a.notifications.processDue()]);
    const sent = dirs.flatMap((dir) => {
      const outbox = path.join(dir, 'outbox');
      return fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(`Code ${run}`))
        : [];
    });
    expect(sent).toHaveLength(1);
    const [after] = await a.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, row?.id as string));
    expect(after?.status).toBe('sent');
    expect(after?.attempts).toBe(1);
  });

  it('delivers a message written on one instance to a screen open on the other, at once', async () => {
    const [writer, reader] = [await createUser(a, { firstName: 'Awa' }), await createUser(a, { firstName: 'Jean' })];
    const [writerToken, readerToken] = [await tokenFor(a, writer), await tokenFor(a, reader)];
    const event = await b.inject({
      method: 'POST',
      url: '/api/events',
      headers: { authorization: `Bearer ${readerToken}` },
      payload: {
        title: 'Atelier partagé',
        description: 'Un organisateur sur A, un participant sur B.',
        startDateTime: '2027-07-12T18:00:00+01:00',
        endDateTime: '2027-07-12T23:00:00+01:00',
        location: { address: 'Akwa', city: 'Douala' },
        category: 'concert',
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json().event._id;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    expect(
      (await b.inject({ method: 'PUT', url: `/api/events/${eventId}/publish`, headers: auth(readerToken) })).statusCode,
    ).toBe(200);
    expect(
      (await b.inject({ method: 'POST', url: `/api/events/${eventId}/participants`, headers: auth(writerToken) })).statusCode,
    ).toBe(200);

    // The organiser's screen is served by A; the participant writes through B.
    const stream = await openEventStream(await a.listen({ port: 0, host: '127.0.0.1' }), readerToken);
    try {
      await vi.waitFor(() => expect(stream.events.map((item) => item.event)).toEqual(['ready']));
      const sent = await b.inject({
        method: 'POST',
        url: `/api/events/${eventId}/conversations`,
        headers: auth(writerToken),
        payload: { text: 'Bonjour depuis B' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      await vi.waitFor(() =>
        expect(stream.events).toContainEqual({
          event: 'conversation',
          data: { type: 'conversation', conversationId: sent.json().conversationId },
        }),
      );
    } finally {
      await stream.close();
    }
  });
});
