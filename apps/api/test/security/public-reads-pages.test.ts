import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';
import { bearer, createUser, tokenFor } from '../factories';

/**
 * Issue 24 item 9: the agenda search `/evenements?q=` and anonymous comment pages have the event
 * list's per-address limit, read budget and depth cap (decisions 013, 069).
 */
const RATE = 5;
let testApp: TestApp;
let app: FastifyInstance;
let member: string;
let eventId: string;

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_READ_RATE_PER_MINUTE: String(RATE), PUBLIC_READ_CONNECTIONS: '1' });
  app = testApp.app;
  const owner = await tokenFor(app, await createUser(app));
  member = await tokenFor(app, await createUser(app));
  const created = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner),
    payload: {
      title: 'Concert commenté',
      description: 'Des commentaires.',
      startDateTime: '2099-06-12T18:00:00+01:00',
      endDateTime: '2099-06-12T23:00:00+01:00',
      location: { address: 'Rue 1', city: 'Douala' },
      category: 'concert',
    },
  });
  eventId = created.json().event._id;
  await app.inject({ method: 'PUT', url: `/api/events/${eventId}/publish`, headers: bearer(owner) });
});
afterAll(async () => {
  await testApp.close();
});

const from = (address: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...headers });

describe('the agenda search and comment pages, read anonymously', () => {
  it('limits the agenda search per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE; i += 1) {
      statuses.push((await app.inject({ method: 'GET', url: `/evenements?q=mot${i}`, headers: from('10.60.0.1') })).statusCode);
    }
    expect(statuses).toEqual([...Array(RATE).fill(200), 429]);
    expect((await app.inject({ method: 'GET', url: '/evenements?q=autre', headers: from('10.60.0.2') })).statusCode).toBe(200);
  });

  it('limits comment pages per address, and a signed-in reader per account', async () => {
    const url = `/api/events/${eventId}/comments?page=1&limit=20`;
    const statuses: number[] = [];
    for (let i = 0; i <= RATE; i += 1)
      statuses.push((await app.inject({ method: 'GET', url, headers: from('10.60.1.1') })).statusCode);
    expect(statuses).toEqual([...Array(RATE).fill(200), 429]);
    // The member behind the same address is counted on their own.
    expect((await app.inject({ method: 'GET', url, headers: from('10.60.1.1', bearer(member)) })).statusCode).toBe(200);
  });

  it('refuses a comment page past the first 10,000 comments to every reader (decision 069)', async () => {
    const url = `/api/events/${eventId}/comments?page=2990&limit=100`;
    const deep = await app.inject({ method: 'GET', url, headers: from('10.60.2.1') });
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'PAGE_TOO_DEEP',
      message: 'Page trop lointaine : faites défiler les commentaires pour lire les plus anciens',
    });
    const english = await app.inject({ method: 'GET', url, headers: from('10.60.2.2', { 'accept-language': 'en' }) });
    expect(english.json().message).toBe('Page too far: scroll through the comments to read older ones');
    const signedIn = await app.inject({ method: 'GET', url, headers: from('10.60.2.1', bearer(member)) });
    expect(signedIn.json()).toMatchObject({ code: 'PAGE_TOO_DEEP' });
    expect(
      (await app.inject({ method: 'GET', url: `/api/events/${eventId}/comments?page=100&limit=100`, headers: from('10.60.2.3') }))
        .statusCode,
    ).toBe(200);
  });

  it('reads the agenda and anonymous comments within the read budget; signed-in comments outside it', async () => {
    // The budget's one connection is held: anonymous reads wait their turn (then 503), a member's do not.
    let release: () => void = () => {};
    const held = app.publicReads.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const member_ = app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/comments`,
        headers: from('10.60.3.9', bearer(member)),
      });
      expect((await member_).statusCode).toBe(200);
      const [agenda, comments] = await Promise.all([
        app.inject({ method: 'GET', url: '/evenements?q=attente', headers: from('10.60.3.1') }),
        app.inject({ method: 'GET', url: `/api/events/${eventId}/comments`, headers: from('10.60.3.2') }),
      ]);
      expect([agenda.statusCode, comments.statusCode]).toEqual([503, 503]);
      expect(comments.json().code).toBe('SERVER_BUSY');
    } finally {
      release();
      await held;
    }
    expect((await app.inject({ method: 'GET', url: '/evenements?q=attente', headers: from('10.60.3.3') })).statusCode).toBe(200);
  });
});
