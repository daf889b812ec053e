import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPageEvents, businessPages, events, partners, partnerUsers, users } from '../src/db/schema/index';
import { seedDemo } from '../src/db/seed-demo';
import { bearer, tokenFor } from './factories';
import { buildTestApp, type TestApp } from './build-test-app';
import { rowCounts } from './helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const counts = () => rowCounts(testApp.app.db, { partners, partnerUsers, pages: businessPages, pageEvents: businessPageEvents });

describe('demo seed: partners and business pages', () => {
  it('adds partners of each type and status with logos and authorised users, 25+ business pages with events; idempotent', async () => {
    const { app } = testApp;
    await seedDemo(app);
    const first = await counts();
    const rows = await app.db.select().from(partners);
    expect(new Set(rows.map((row) => `${row.type}/${row.status}`)).size).toBe(8);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['business', 'association', 'individual']));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['active', 'blocked', 'pending']));
    expect(rows.filter((row) => row.logo).length).toBeGreaterThanOrEqual(6);
    expect(first.partnerUsers).toBeGreaterThanOrEqual(5);
    expect(first.pages).toBeGreaterThanOrEqual(25);
    expect(first.pageEvents).toBeGreaterThan(10);

    // Served through the API: logos as WebP, the dashboard counts them, the paged list answers.
    const [superadmin] = await app.db.select().from(users).where(eq(users.role, 'superadmin'));
    if (!superadmin) throw new Error('no superadmin');
    const token = await tokenFor(app, superadmin);
    const listed = (await app.inject({ method: 'GET', url: '/api/businesses?limit=20', headers: bearer(token) })).json();
    const logo = listed.items.find((item: { logo: string | null }) => item.logo)?.logo;
    expect(listed.items.some((item: { logo: string | null }) => item.logo === null)).toBe(true);
    const served = await app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await app.inject({ method: 'GET', url: '/api/stats/dashboard', headers: bearer(token) })).json().businesses).toBe(
      rows.length,
    );
    const list = (
      await app.inject({ method: 'GET', url: '/api/business-event-pages?page=3&limit=10', headers: bearer(token) })
    ).json();
    expect(list.total).toBe(first.pages);
    expect(list.items.length).toBeGreaterThan(0);
    const [partnerEvent] = await app.db.select().from(events).where(eq(events.title, 'Festival Ngondo'));
    const shown = (await app.inject({ method: 'GET', url: `/api/events/${partnerEvent?.id}`, headers: bearer(token) })).json();
    expect(shown.creator).toEqual({ name: 'Association Les Amis du Wouri' });

    await seedDemo(app);
    expect(await counts()).toEqual(first);
  });
});
