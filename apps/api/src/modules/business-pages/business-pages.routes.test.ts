import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessPage } from '@app/shared/business-pages';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditLog, businessPageEvents, businessPages, partners, partnerUsers } from '../../db/schema/index';
import type { UserRow } from '../../db/schema/index';

let testApp: TestApp;
let app: FastifyInstance;
let adminToken: string;
let owner: UserRow;
let ownerToken: string;
let otherToken: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  const admin = await createUser(app, { role: 'admin', permissions: ['manage_business'] });
  adminToken = await tokenFor(app, admin);
  owner = await createUser(app, { username: 'douala_fun' });
  ownerToken = await tokenFor(app, owner);
  otherToken = await tokenFor(app, await createUser(app));
});
afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function newEvent(token: string, partnerId?: string): Promise<string> {
  const response = await call('POST', '/api/events', token, {
    title: 'Concert au port',
    description: 'Musique live',
    startDateTime: '2027-03-01T19:00:00+01:00',
    endDateTime: '2027-03-01T23:00:00+01:00',
    location: { address: 'Port de pêche', city: 'Kribi' },
    category: 'concert',
    ...(partnerId ? { partnerId } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().event._id;
}

async function counts() {
  const [p] = await app.db.select({ n: count() }).from(businessPages);
  const [e] = await app.db.select({ n: count() }).from(businessPageEvents);
  const [a] = await app.db.select({ n: count() }).from(auditLog);
  return { pages: p?.n, events: e?.n, audit: a?.n };
}

describe('business event pages', () => {
  it('the owner creates a free page and attaches its own events; others cannot see or change it', async () => {
    const created = await call('POST', '/api/business-event-pages', ownerToken, { name: '  Douala Fun Nights ' });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().page;
    expect(page).toMatchObject({
      name: 'Douala Fun Nights',
      owner: { _id: owner.id, username: 'douala_fun' },
      partner: null,
      subscription: 'free',
      isActive: true,
      eventsCount: 0,
      events: [],
    });
    const eventId = await newEvent(ownerToken);
    const attached = await call('POST', `/api/business-event-pages/${page._id}/events`, ownerToken, { eventId });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().page.eventsCount).toBe(1);
    expect(attached.json().page.events.map((e: { _id: string }) => e._id)).toEqual([eventId]);

    const foreignEvent = await newEvent(otherToken);
    const before = await counts();
    expect((await call('POST', `/api/business-event-pages/${page._id}/events`, ownerToken, { eventId })).statusCode).toBe(409);
    const foreign = await call('POST', `/api/business-event-pages/${page._id}/events`, ownerToken, { eventId: foreignEvent });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('NOT_OWNER');
    expect((await call('GET', `/api/business-event-pages/${page._id}`, otherToken)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/business-event-pages/${page._id}/events`, otherToken, { eventId: foreignEvent })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/business-event-pages', ownerToken, { name: ' ' })).json().fieldErrors).toEqual({
      name: ['Le nom de la page est requis'],
    });
    expect(await counts()).toEqual(before);

    const detached = await call('DELETE', `/api/business-event-pages/${page._id}/events/${eventId}`, ownerToken);
    expect(detached.json().page.eventsCount).toBe(0);
    expect((await call('DELETE', `/api/business-event-pages/${page._id}/events/${eventId}`, ownerToken)).statusCode).toBe(404);
  });

  it('a page for a partner needs the owner to act for it; the partner’s events can be attached', async () => {
    const [partner] = await app.db
      .insert(partners)
      .values({ name: 'Kribi Plage SARL', type: 'business', email: 'kribi@plage.cm', status: 'active' })
      .returning();
    if (!partner) throw new Error('no partner');
    const before = await counts();
    const refused = await call('POST', '/api/business-event-pages', ownerToken, { name: 'Kribi', partnerId: partner.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_PARTNER_USER');
    expect(await counts()).toEqual(before);

    await app.db.insert(partnerUsers).values({ partnerId: partner.id, userId: owner.id });
    const created = await call('POST', '/api/business-event-pages', ownerToken, { name: 'Kribi Plage', partnerId: partner.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().page.partner).toEqual({ _id: partner.id, name: 'Kribi Plage SARL' });
    const eventId = await newEvent(ownerToken, partner.id);
    const attached = await call('POST', `/api/business-event-pages/${created.json().page._id}/events`, ownerToken, { eventId });
    expect(attached.statusCode).toBe(200);
  });

  it('GET /business-event-pages pages 10 by 10, newest first, with owner username and events count', async () => {
    const start = (await call('GET', '/api/business-event-pages?page=1&limit=10', adminToken)).json().total;
    for (let index = 1; index <= 23; index++) {
      await app.db.insert(businessPages).values({
        name: `Page ${String(index).padStart(2, '0')}`,
        ownerId: owner.id,
        subscription: index % 3 === 0 ? 'premium' : 'free',
        createdAt: new Date(Date.UTC(2030, 0, index)),
      });
    }
    const first = await call('GET', '/api/business-event-pages?page=1&limit=10', adminToken);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(start + 23);
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({
      name: 'Page 23',
      owner: { username: 'douala_fun' },
      subscription: 'free',
      eventsCount: 0,
      isActive: true,
      createdAt: '2030-01-23T00:00:00.000Z',
    });
    expect(body.items[2].subscription).toBe('premium');
    const third = (await call('GET', '/api/business-event-pages?page=3&limit=10', adminToken)).json();
    expect(third.items.map((p: BusinessPage) => p.name).slice(0, 3)).toEqual(['Page 03', 'Page 02', 'Page 01']);
    expect((await call('GET', '/api/business-event-pages?page=0', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/business-event-pages?limit=1000', adminToken)).statusCode).toBe(400);
    // The partner page of the previous test holds one event: counted in the list.
    expect(await findPageWithEvents()).toMatchObject({
      name: 'Kribi Plage',
      eventsCount: 1,
      partner: { name: 'Kribi Plage SARL' },
    });
  });

  it('activate / deactivate with manage_business, audited; 404 unknown; refused to others', async () => {
    const [page] = await app.db.insert(businessPages).values({ name: 'À désactiver', ownerId: owner.id }).returning();
    if (!page) throw new Error('no page');
    const off = await call('PUT', `/api/business-event-pages/${page.id}/deactivate`, adminToken);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Page désactivée', page: { isActive: false } });
    const on = await call('PUT', `/api/business-event-pages/${page.id}/activate`, adminToken);
    expect(on.json().page.isActive).toBe(true);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, page.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['business_page.activate', 'business_page.deactivate']);
    expect((await call('PUT', `/api/business-event-pages/${page.id}/deactivate`, ownerToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/business-event-pages', ownerToken)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/business-event-pages' })).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/business-event-pages/00000000-0000-4000-8000-000000000000/activate', adminToken)).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/api/business-event-pages/${page.id}/archive`, adminToken)).statusCode).toBe(400);
    // manage_business reads any page.
    expect((await call('GET', `/api/business-event-pages/${page.id}`, adminToken)).statusCode).toBe(200);
  });
});

async function findPageWithEvents() {
  const pages = [];
  for (let page = 1; page <= 5; page++) {
    pages.push(...(await call('GET', `/api/business-event-pages?page=${page}&limit=10`, adminToken)).json().items);
  }
  return pages.find((p: BusinessPage) => p.eventsCount > 0);
}
