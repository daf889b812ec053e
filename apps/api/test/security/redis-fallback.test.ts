import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';

/** With Redis unreachable the limits fall back to in-process counters. */
let testApp: TestApp;

beforeAll(async () => {
  // Nothing listens on port 1: every Redis call fails.
  testApp = await buildTestApp({
    REDIS_URL: 'redis://127.0.0.1:1',
    ANSWER_CACHE_TTL_MS: '60000',
    PUBLIC_READ_RATE_PER_MINUTE: '5',
  });
});
afterAll(async () => {
  await testApp.close();
});

describe('Redis down', () => {
  it('reports Redis down in /api/health, still 200 while the database answers', async () => {
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'down' });
  });

  it('caches no answer: a list read after a change made outside the API shows it at once', async () => {
    const { app } = testApp;
    const total = async () => (await app.inject({ method: 'GET', url: '/api/events?q=hors-api' })).json().total;
    expect(await total()).toBe(0);
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      values ('Hors API', 'x', now(), now() + interval '1 hour', 'Rue', 'Douala', 'art', 'published', 'hors-api')`);
    expect(await total()).toBe(1);
  });

  it('still limits the public reads from one address', async () => {
    const read = () => testApp.app.inject({ method: 'GET', url: '/api/events', remoteAddress: '203.0.113.9' });
    for (let n = 0; n < 5; n += 1) expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(429);
  });

  it('still limits waiting-list sign-ups and code checks per (address, contact)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { name: `Personne ${i}`, phone: '+237655010000', formToken: testApp.app.formTokens.issue(Date.now() - 5000) },
        remoteAddress: '203.0.113.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status < 300)).toBe(true);
    expect(statuses[5]).toBe(429);

    let last = 0;
    for (let i = 0; i < 11; i++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/verify-otp',
        payload: { email: 'nobody@example.cm', otp: '123456' },
        remoteAddress: '203.0.113.8',
      });
      last = response.statusCode;
      if (i < 10) expect(response.statusCode).toBe(400);
    }
    expect(last).toBe(429);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis up', () => {
  it('reports Redis up in /api/health', async () => {
    const app = await buildTestApp({ REDIS_URL: process.env.TEST_REDIS_URL as string });
    try {
      let redis = '';
      for (let i = 0; i < 50 && redis !== 'up'; i++) {
        redis = (await app.app.inject({ method: 'GET', url: '/api/health' })).json().redis;
        if (redis !== 'up') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(redis).toBe('up');
    } finally {
      await app.close();
    }
  });
});

describe.runIf(fs.existsSync('/usr/bin/redis-server'))('Redis dies (issue 24, finding 19)', () => {
  it('the in-process counters go on from the last counts Redis gave, not from zero', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no']);
    const app = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, PUBLIC_READ_RATE_PER_MINUTE: '5' });
    try {
      const read = () => app.app.inject({ method: 'GET', url: '/api/events', remoteAddress: '203.0.113.19' });
      for (let i = 0; i < 50 && app.app.redisState() !== 'up'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(app.app.redisState()).toBe('up');
      for (let n = 0; n < 4; n += 1) expect((await read()).statusCode).toBe(200);
      redis.kill();
      for (let i = 0; i < 50 && app.app.redisState() === 'up'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(app.app.redisState()).toBe('down');
      // Four counted in Redis: one more read, then 429 (from zero it would allow five more).
      expect((await read()).statusCode).toBe(200);
      expect((await read()).statusCode).toBe(429);
    } finally {
      redis.kill();
      await app.close();
    }
  });
});
