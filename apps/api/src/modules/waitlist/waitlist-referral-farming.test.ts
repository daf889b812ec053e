import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { referralStats, rewardGrants, rewardRules, waitlistEntries } from '../../db/schema/index';
import { smsCodes } from '../../../test/helper';

/**
 * Issue 24, item 11: 12 unverified waiting-list sign-ups with random phones made 3 grants. A
 * waiting-list sign-up now counts only once approved or once its contact is verified (decision 021).
 */

let testApp: TestApp;
let app: FastifyInstance;
let manager: string;
let ip = 1;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_users'] }));
});
afterAll(async () => {
  await testApp.close();
});

function join(ref: string, phone: string) {
  ip += 1;
  return app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: { name: 'Ami Invité', phone, ref },
    remoteAddress: `10.11.0.${ip}`,
  });
}

async function stats(userId: string) {
  const [row] = await app.db.select().from(referralStats).where(eq(referralStats.userId, userId));
  return { waitlistSignups: row?.waitlistSignups ?? 0, signups: row?.signups ?? 0 };
}

describe('waiting-list sign-ups and referrals', () => {
  it('12 unverified sign-ups count for nothing; each approved one counts, and the rule grants once', async () => {
    const owner = await createUser(app);
    await app.db
      .insert(rewardRules)
      .values({ name: 'Trois amis', type: 'premium_days', minSignups: 3, minType: 'waitlist', rewardValue: 30 });
    const phones = Array.from({ length: 12 }, (_, i) => `+2376990${String(10_000 + i)}`);
    for (const phone of phones) expect((await join(owner.referralCode, phone)).statusCode).toBe(201);
    expect(await stats(owner.id)).toEqual({ waitlistSignups: 0, signups: 0 });
    expect(await app.db.select().from(rewardGrants).where(eq(rewardGrants.userId, owner.id))).toEqual([]);

    for (const phone of phones.slice(0, 3)) {
      const [entry] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.phone, phone));
      const approved = await app.inject({
        method: 'POST',
        url: `/api/admin/waitlist/${entry?.id}/approve`,
        headers: bearer(manager),
      });
      expect(approved.statusCode).toBe(200);
    }
    expect(await stats(owner.id)).toEqual({ waitlistSignups: 3, signups: 3 });
    expect(await app.db.select().from(rewardGrants).where(eq(rewardGrants.userId, owner.id))).toHaveLength(1);
  });

  it('counts a waiting-list entry once its phone is verified by an account', async () => {
    const owner = await createUser(app);
    const phone = '+237699020202';
    expect((await join(owner.referralCode, phone)).statusCode).toBe(201);
    const password = 'Mango-Tree-2025';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username: 'ami_liste', phone, password, confirmPassword: password, firstName: 'Ami', lastName: 'Liste' },
      remoteAddress: '10.11.1.1',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await stats(owner.id)).toEqual({ waitlistSignups: 0, signups: 0 });
    await vi.waitFor(() => expect(smsCodes(testApp.dataDir, phone)).toHaveLength(1));
    const verified = await app.inject({
      method: 'POST',
      url: '/api/users/verify-otp',
      payload: { phone, otp: smsCodes(testApp.dataDir, phone)[0] },
    });
    expect(verified.statusCode).toBe(200);
    expect(await stats(owner.id)).toEqual({ waitlistSignups: 1, signups: 1 });
  });
});
