import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smsCountryRefused } from '@app/shared/phone';
import { outboundMessages, waitlistEntries } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { SMS_COUNTRY_REFUSED } from '../notifications/outbox-text';

let testApp: TestApp;
let app: FastifyInstance;
let manager: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_users'] }));
});
afterAll(async () => {
  await testApp?.close();
});

/** Issue 24, item 13: SMS go only to `smsCountries`, also through the waiting list. */
describe('waiting list and SMS countries', () => {
  it('refuses a sign-up whose only contact is a number outside the SMS countries; with an e-mail it is accepted', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { name: 'Jean Paris', phone: '+33 6 12 34 56 78' },
      remoteAddress: '10.9.0.1',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.phone).toEqual([smsCountryRefused(['CM'])]);
    expect(await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.phone, '+33612345678'))).toEqual([]);

    const withEmail = await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { name: 'Jean Paris', phone: '+33 6 12 34 56 78', email: 'jean@exemple.fr' },
      remoteAddress: '10.9.0.2',
    });
    expect(withEmail.statusCode).toBe(201);
  });

  it('never sends the approval SMS to a number outside the SMS countries (an entry stored before the check)', async () => {
    const [entry] = await app.db
      .insert(waitlistEntries)
      .values({ name: 'Marie Lyon', phone: '+33698765432', status: 'pending' })
      .returning();
    if (!entry) throw new Error('entry not stored');
    const send = vi.spyOn(app.notifications.sms, 'send');
    try {
      const approved = await app.inject({
        method: 'POST',
        url: `/api/admin/waitlist/${entry.id}/approve`,
        headers: bearer(manager),
      });
      expect(approved.statusCode).toBe(200);
      const message = async () => app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, '+33698765432'));
      await vi.waitFor(async () => {
        expect(await message()).toMatchObject([{ channel: 'sms', status: 'failed', lastError: SMS_COUNTRY_REFUSED }]);
      });
      await app.notifications.processDue();
      expect(send).not.toHaveBeenCalledWith(expect.objectContaining({ to: '+33698765432' }));
    } finally {
      send.mockRestore();
    }
  });

  it('checks the countries again before each attempt: an SMS queued while allowed is not sent once its country is removed', async () => {
    const send = vi.spyOn(app.notifications.sms, 'send');
    const settings = vi.spyOn(app.settings, 'get');
    try {
      const real = await app.settings.get();
      settings.mockResolvedValue({ ...real, security: { ...real.security, smsCountries: ['FR'] } });
      const result = await app.notifications.sendSms({ to: '+237677000123', text: 'Bonjour' });
      expect(result.status).toBe('failed');
      expect(send).not.toHaveBeenCalled();
    } finally {
      settings.mockRestore();
      send.mockRestore();
    }
  });
});
