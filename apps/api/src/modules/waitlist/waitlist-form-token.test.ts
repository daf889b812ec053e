import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, WAITLIST_MIN_FILL_MS } from '@app/shared/waitlist';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createFormTokens, loadFormTokenSecret } from '../../lib/form-token';

/**
 * Issue 24, item 11: the minimum fill time was declared by the client (`elapsedMs`). The server now
 * measures it with a signed, timed token it issued (decision 021).
 */

let testApp: TestApp;
let app: FastifyInstance;
let phone = 10_000;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
});

function signUp(body: Record<string, unknown>, remoteAddress: string) {
  phone += 1;
  return app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: { name: 'Awa Ngono', phone: `+2376991${phone}`, ...body },
    remoteAddress,
  });
}

describe('the waiting-list form token', () => {
  it('refuses a token issued by the server less than 1.5 s ago, whatever elapsedMs the client declares', async () => {
    const issued = await app.inject({ method: 'GET', url: '/api/waitlist/form-token' });
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { token } = issued.json() as { token: string };
    const fast = await signUp({ formToken: token, elapsedMs: 60_000 }, '10.12.0.1');
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toMatchObject({ code: 'TOO_FAST', message: WAITLIST_MESSAGES.tooFast });
  });

  it('draws the line at WAITLIST_MIN_FILL_MS after the form was shown, to the millisecond (on a controlled clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const shownAt = Date.now();
      const token = (await app.inject({ method: 'GET', url: '/api/waitlist/form-token' })).json().token as string;
      vi.setSystemTime(shownAt + WAITLIST_MIN_FILL_MS - 1);
      const early = await signUp({ formToken: token }, '10.12.0.4');
      expect(early.json()).toMatchObject({ code: 'TOO_FAST', message: WAITLIST_MESSAGES.tooFast });
      vi.setSystemTime(shownAt + WAITLIST_MIN_FILL_MS);
      const inTime = await signUp({ formToken: token }, '10.12.0.4');
      expect(inTime.statusCode, inTime.body).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts a token issued long enough ago, and does not put it on the tight limit for sign-ups without a token', async () => {
    const ip = '10.12.0.2';
    for (let i = 0; i < 7; i++) {
      const response = await signUp({ formToken: app.formTokens.issue(Date.now() - 5000) }, ip);
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('treats a declared elapsedMs, a forged, foreign or day-old token as no token: 5 per hour per address', async () => {
    const ip = '10.12.0.3';
    const foreign = createFormTokens(Buffer.alloc(32, 7)).issue(Date.now() - 5000);
    const [issuedAt] = app.formTokens.issue().split('.');
    const bodies = [
      { elapsedMs: 5000 },
      { formToken: foreign },
      { formToken: `${issuedAt}.${'A'.repeat(32)}` },
      { formToken: app.formTokens.issue(Date.now() - 25 * 3600_000) },
      { formToken: 'pas-un-jeton' },
    ];
    for (const body of bodies) expect((await signUp(body, ip)).statusCode).toBe(201);
    const sixth = await signUp({ elapsedMs: 9000 }, ip);
    expect(sixth.statusCode).toBe(429);
  });

  it('keeps its key in DATA_DIR across starts, or takes FORM_TOKEN_SECRET', async () => {
    const first = loadFormTokenSecret(undefined, testApp.dataDir);
    expect(first.length).toBe(32);
    expect(loadFormTokenSecret(undefined, testApp.dataDir).equals(first)).toBe(true);
    const token = createFormTokens(first).issue(Date.now() - 2000);
    expect(app.formTokens.age(token)).toBeGreaterThanOrEqual(2000);
    const configured = loadFormTokenSecret('x'.repeat(40), testApp.dataDir);
    expect(createFormTokens(configured).age(token)).toBeNull();
  });
});
