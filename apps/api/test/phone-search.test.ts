import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../src/db/schema/index';
import { waitlistSearchText } from '../src/modules/waitlist/waitlist.repository';
import { buildTestApp, type TestApp } from './build-test-app';
import { bearer, createUser, tokenFor } from './factories';

/**
 * Issue 25 item 12: a phone is found in every list that searches phones, written as it is shown
 * ('+237 6 99 00 11 33'), typed with 00237, with spaces, or as its digits.
 */
let testApp: TestApp;
let app: FastifyInstance;
let token: string;

const WRITTEN_FORMS = ['+237 6 99 00 11 33', '+237699001133', '00237 699 00 11 33', '6 99 00 11 33', '699001133', '699 00 11'];

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  const superadmin = await createUser(app, { role: 'superadmin' });
  token = await tokenFor(app, superadmin);
});
afterAll(async () => {
  await testApp.close();
});

async function idsFound(url: string, q: string, key = 'q'): Promise<string[]> {
  const separator = url.includes('?') ? '&' : '?';
  const response = await app.inject({
    method: 'GET',
    url: `/api${url}${separator}${key}=${encodeURIComponent(q)}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((item: { _id: string }) => item._id);
}

describe('a phone in any written form, in every list', () => {
  it("finds users, administrators and partners' users by the phone as shown, typed with 00237 or spaces", async () => {
    const lists = [
      ['user', '+237699001133'],
      ['admin', '+237699001134'],
      ['partner', '+237699001135'],
    ] as const;
    for (const [role, phone] of lists) {
      const person = await createUser(app, { role, phone, firstName: 'Téléphone', lastName: role });
      const last = phone.slice(-2);
      for (const form of WRITTEN_FORMS) {
        const written = form === '699 00 11' ? form : form.replace(/33$/, last);
        expect(await idsFound(`/users?role=${role}&limit=100`, written), `${role} ${written}`).toContain(person.id);
      }
      expect(await idsFound(`/users?role=${role}&limit=100`, '+237 6 99 00 11 99')).not.toContain(person.id);
    }
  });

  it('finds a partner and a waiting-list entry by the phone as shown', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/businesses',
      headers: bearer(token),
      payload: { name: 'Maquis du Port', type: 'business', email: 'maquis@port.cm', phone: '699 00 11 36' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const partnerId = created.json().partner._id;
    const [entry] = await app.db
      .insert(waitlistEntries)
      .values({
        name: 'Liste Téléphone',
        phone: '+237699001137',
        searchText: waitlistSearchText('Liste Téléphone', null, '+237699001137'),
      })
      .returning();
    if (!entry) throw new Error('not inserted');
    for (const form of WRITTEN_FORMS) {
      expect(await idsFound('/businesses?limit=100', form.replace(/33$/, '36')), `partner ${form}`).toContain(partnerId);
      expect(await idsFound('/admin/waitlist?limit=100', form.replace(/33$/, '37'), 'search'), `waitlist ${form}`).toContain(
        entry.id,
      );
    }
    expect(await idsFound('/businesses?limit=100', 'maquis')).toContain(partnerId);
    expect(await idsFound('/admin/waitlist?limit=100', 'liste telephone', 'search')).toContain(entry.id);
  });
});
