import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessPageAdminDetail } from '@app/shared/business-pages';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { Executor } from '../../db/client';
import { phoneOrTextCondition } from '../../db/contains-condition';
import { rowsOf } from '../../db/rows-of';
import { businessPages, partners, partnerUsers, users } from '../../db/schema/index';
import type { UserRow } from '../../db/schema/index';

/*
 * Issue 25 item 13, decision 030: the back office finds a business page by its name, its owner
 * (names, username, e-mail, a phone in any written form) or its partner, accents and case aside,
 * through the trigram index of `business_pages.search_text`; and opens a panel with the owner,
 * the subscription, the events and the status history read from the audit log.
 */

let testApp: TestApp;
let app: FastifyInstance;
let adminToken: string;
let admin: UserRow;
let owner: UserRow;
let ownerToken: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  admin = await createUser(app, { role: 'admin', permissions: ['manage_business'], firstName: 'Grace', lastName: 'Mbarga' });
  adminToken = await tokenFor(app, admin);
  owner = await createUser(app, {
    username: 'zephyr_owner',
    firstName: 'Élodie',
    lastName: 'Tchoupo',
    email: 'zephyr.owner@example.cm',
    phone: '+237699001133',
  });
  ownerToken = await tokenFor(app, owner);
});
afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
  return app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function createPage(token: string, name: string, partnerId?: string): Promise<string> {
  const response = await call('POST', '/api/business-event-pages', token, { name, ...(partnerId ? { partnerId } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().page._id;
}

async function search(q: string): Promise<string[]> {
  const response = await call('GET', `/api/business-event-pages?q=${encodeURIComponent(q)}`, adminToken);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { items: { name: string }[]; total: number };
  expect(body.total).toBe(body.items.length);
  return body.items.map((item) => item.name);
}

describe('business pages: search', () => {
  it('finds a page by its name, its owner or its partner, accents and case aside, and the owner’s phone in any written form', async () => {
    const [partner] = await app.db
      .insert(partners)
      .values({
        name: 'Quasar Lounge SARL',
        type: 'business',
        email: 'quasar@example.cm',
        searchText: 'quasar lounge sarl quasar@example.cm',
      })
      .returning();
    if (!partner) throw new Error('no partner');
    await app.db.insert(partnerUsers).values({ partnerId: partner.id, userId: owner.id });
    await createPage(ownerToken, 'Café Boréal');
    await createPage(ownerToken, 'Quasar Nights', partner.id);
    const other = await createUser(app, { username: 'nimbus_other', phone: '+237677112233' });
    await createPage(await tokenFor(app, other), 'Nimbus Arena');

    expect(await search('cafe boreal')).toEqual(['Café Boréal']);
    expect(await search('CAFÉ')).toEqual(['Café Boréal']);
    // The owner: username, first name (accent folded), e-mail.
    expect(await search('zephyr_owner')).toEqual(['Quasar Nights', 'Café Boréal']);
    expect(await search('elodie')).toEqual(['Quasar Nights', 'Café Boréal']);
    expect(await search('zephyr.owner@example.cm')).toEqual(['Quasar Nights', 'Café Boréal']);
    // The phone as the lists show it, with 00237, without the country code, or only a part.
    for (const phone of ['+237 6 99 00 11 33', '00237 699 00 11 33', '699001133', '6 99 00 11', '(+237) 699-00-11-33']) {
      expect(await search(phone), phone).toEqual(['Quasar Nights', 'Café Boréal']);
    }
    expect(await search('+237 6 77 11 22 33')).toEqual(['Nimbus Arena']);
    // The partner's name.
    expect(await search('quasar lounge')).toEqual(['Quasar Nights']);
    // Nothing else matches; a LIKE wildcard is a plain character.
    expect(await search('introuvable')).toEqual([]);
    expect(await search('%')).toEqual([]);
    // The whole list without q is unchanged, and the page keeps its size.
    const all = (await call('GET', '/api/business-event-pages?page=1&limit=2', adminToken)).json();
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(2);
  });

  it('follows the owner’s and the partner’s changes, and forgets a deleted owner', async () => {
    const changing = await createUser(app, { username: 'orion_first', phone: '+237655443322' });
    await createPage(await tokenFor(app, changing), 'Orion Deck');
    expect(await search('orion_first')).toEqual(['Orion Deck']);

    await app.db.update(users).set({ username: 'orion_second', phone: '+237655000111' }).where(eq(users.id, changing.id));
    expect(await search('orion_first')).toEqual([]);
    expect(await search('orion_second')).toEqual(['Orion Deck']);
    expect(await search('+237 6 55 00 01 11')).toEqual(['Orion Deck']);
    expect(await search('655443322')).toEqual([]);

    await app.db
      .update(partners)
      .set({ name: 'Pulsar Club', searchText: 'pulsar club quasar@example.cm' })
      .where(eq(partners.name, 'Quasar Lounge SARL'));
    expect(await search('pulsar club')).toEqual(['Quasar Nights']);
    expect(await search('quasar lounge')).toEqual([]);

    await app.db.delete(users).where(eq(users.id, changing.id));
    expect(await search('orion_second')).toEqual([]);
    expect(await search('orion deck')).toEqual(['Orion Deck']);
  });

  it('is served by the trigram index of business_pages.search_text', async () => {
    const db = app.db;
    const result = await db.execute(sql`select indexdef from pg_indexes where indexname = 'business_pages_search_trgm_idx'`);
    const [index] = rowsOf<{ indexdef: string }>(result);
    expect(index?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/);

    const planOf = async (executor: Executor, query: SQL) =>
      rowsOf<Record<string, string>>(await executor.execute(sql`explain ${query}`))
        .map((row) => Object.values(row)[0])
        .join('\n');
    for (const q of ['zephyr', '+237 6 99 00 11 33']) {
      const plan = await db.transaction(async (tx) => {
        // On a handful of rows the planner would read the table; the question is whether the index can serve it.
        await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
        return planOf(tx, sql`select id from ${businessPages} where ${phoneOrTextCondition(businessPages.searchText, q)}`);
      });
      expect(plan, q).toMatch(/Bitmap Index Scan on business_pages_search_trgm_idx/);
      expect(plan, q).not.toMatch(/Seq Scan/);
    }
  });

  it('refuses a search longer than 100 characters', async () => {
    const response = await call('GET', `/api/business-event-pages?q=${'a'.repeat(101)}`, adminToken);
    expect(response.statusCode).toBe(400);
  });
});

describe('business pages: the back office’s detail panel', () => {
  it('shows the owner and its contact, the subscription, the latest events and the status history from the audit log', async () => {
    const id = await createPage(ownerToken, 'Vortex Hall');
    const eventIds: string[] = [];
    for (const day of [1, 2]) {
      const created = await call('POST', '/api/events', ownerToken, {
        title: `Vortex night ${day}`,
        description: 'Live music',
        startDateTime: `2027-04-0${day}T19:00:00+01:00`,
        endDateTime: `2027-04-0${day}T23:00:00+01:00`,
        location: { address: 'Rue 1', city: 'Douala' },
        category: 'concert',
      });
      expect(created.statusCode, created.body).toBe(201);
      eventIds.push(created.json().event._id);
      const attached = await call('POST', `/api/business-event-pages/${id}/events`, ownerToken, {
        eventId: created.json().event._id,
      });
      expect(attached.statusCode, attached.body).toBe(200);
    }
    expect((await call('PUT', `/api/business-event-pages/${id}/deactivate`, adminToken)).statusCode).toBe(200);
    // Asking for the current state changes nothing and writes no history.
    expect((await call('PUT', `/api/business-event-pages/${id}/deactivate`, adminToken)).statusCode).toBe(200);
    expect((await call('PUT', `/api/business-event-pages/${id}/activate`, adminToken)).statusCode).toBe(200);

    const response = await call('GET', `/api/admin/business-event-pages/${id}`, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as BusinessPageAdminDetail;
    expect(detail).toMatchObject({
      _id: id,
      name: 'Vortex Hall',
      owner: {
        _id: owner.id,
        username: 'zephyr_owner',
        firstName: 'Élodie',
        lastName: 'Tchoupo',
        email: 'zephyr.owner@example.cm',
        phone: '+237699001133',
      },
      subscription: 'free',
      isActive: true,
      eventsCount: 2,
    });
    expect(detail.events.map((event) => event._id)).toEqual([eventIds[1], eventIds[0]]);
    expect(detail.events[0]).toMatchObject({ title: 'Vortex night 2', status: 'draft' });
    expect(detail.statusHistory.map((entry) => entry.change)).toEqual(['activated', 'deactivated', 'created']);
    expect(detail.statusHistory[0]?.actor).toEqual({ _id: admin.id, name: 'Grace Mbarga' });
    expect(detail.statusHistory[2]?.actor).toEqual({ _id: owner.id, name: 'Élodie Tchoupo' });
    const times = detail.statusHistory.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 404 for an unknown page, and a page whose owner was deleted shows no owner', async () => {
    const unknown = await call('GET', '/api/admin/business-event-pages/00000000-0000-4000-8000-000000000000', adminToken);
    expect(unknown.statusCode).toBe(404);
    const gone = await createUser(app, { username: 'comet_gone' });
    const id = await createPage(await tokenFor(app, gone), 'Comet Yard');
    await app.db.delete(users).where(eq(users.id, gone.id));
    const detail = (await call('GET', `/api/admin/business-event-pages/${id}`, adminToken)).json() as BusinessPageAdminDetail;
    expect(detail.owner).toEqual({ _id: null, username: null, firstName: null, lastName: null, email: null, phone: null });
    expect(detail.statusHistory).toEqual([{ change: 'created', at: expect.any(String), actor: null }]);
  });

  it('is for administrators holding manage_business only: not the owner, not another permission, not a blocked or pending one', async () => {
    const id = await createPage(ownerToken, 'Nebula Court');
    const url = `/api/admin/business-event-pages/${id}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    // The owner reads its page through GET /business-event-pages/{id}, never the panel with contacts.
    expect((await call('GET', url, ownerToken)).statusCode).toBe(403);
    const everyOther = await createUser(app, {
      role: 'admin',
      permissions: ['manage_users', 'manage_events', 'manage_partners', 'manage_admins', 'validate_admins'],
    });
    expect((await call('GET', url, await tokenFor(app, everyOther))).statusCode).toBe(403);
    const blocked = await createUser(app, { role: 'admin', permissions: ['manage_business'], isBlocked: true });
    expect([401, 403]).toContain((await call('GET', url, await tokenFor(app, blocked))).statusCode);
    const pending = await createUser(app, { role: 'admin', permissions: ['manage_business'], isAdminValidated: false });
    expect((await call('GET', url, await tokenFor(app, pending))).statusCode).toBe(403);
    const superadmin = await createUser(app, { role: 'superadmin' });
    expect((await call('GET', url, await tokenFor(app, superadmin))).statusCode).toBe(200);
    // The search too.
    expect((await call('GET', '/api/business-event-pages?q=nebula', await tokenFor(app, everyOther))).statusCode).toBe(403);
    expect((await call('GET', '/api/business-event-pages?q=nebula', ownerToken)).statusCode).toBe(403);
  });
});
