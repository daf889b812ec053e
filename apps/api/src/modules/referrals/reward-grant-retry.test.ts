import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { referralJobs, referralSignups, rewardGrants, rewardRules, users } from '../../db/schema/index';
import { smsCodes } from '../../../test/helper';

/**
 * Issue 24, item 12: the grant after a verification ran outside its transaction; a failure was
 * logged and never retried. Now it is queued with the verification and retried until done, once.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a reward grant after a verification', () => {
  it('is queued in the verification transaction, retried after a failure, and made exactly once', async () => {
    const { app } = testApp;
    const owner = await createUser(app);
    await app.db
      .insert(rewardRules)
      .values({ name: 'Premier ami', type: 'badge', minSignups: 1, minType: 'account', rewardValue: 1 });
    const phone = '+237677412345';
    const password = 'Mango-Tree-2025';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username: 'ami_verifie',
        phone,
        password,
        confirmPassword: password,
        firstName: 'Ami',
        lastName: 'Verifie',
        ref: owner.referralCode,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await vi.waitFor(() => expect(smsCodes(testApp.dataDir, phone)).toHaveLength(1));

    // The grant fails once (a refused insert, as a dropped connection or a timeout would).
    await app.db.execute(
      sql.raw(`create function refuse_grant() returns trigger language plpgsql as $$
      begin raise exception 'grant refused for the test'; end $$`),
    );
    await app.db.execute(
      sql.raw('create trigger refuse_grant before insert on reward_grants for each row execute function refuse_grant()'),
    );
    const verified = await app.inject({
      method: 'POST',
      url: '/api/users/verify-otp',
      payload: { phone, otp: smsCodes(testApp.dataDir, phone)[0] },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const grants = () => app.db.select().from(rewardGrants).where(eq(rewardGrants.userId, owner.id));
    expect(await grants()).toEqual([]);
    const [account] = await app.db.select().from(users).where(eq(users.phone, phone));
    const [job] = await app.db
      .select()
      .from(referralJobs)
      .where(eq(referralJobs.subject, account?.id as string));
    expect(job).toMatchObject({ kind: 'account_verified', attempts: 1, doneAt: null });
    expect(job?.lastError).toContain('grant refused for the test');

    // Once the failure is gone, the next run of the loop makes the grant…
    await app.db.execute(sql.raw('drop trigger refuse_grant on reward_grants'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    expect(await app.referrals.runDue()).toBe(1);
    expect(await grants()).toMatchObject([{ status: 'pending', rewardType: 'badge' }]);
    // …exactly once: later runs and a second verification change nothing.
    vi.setSystemTime(Date.now() + 3_600_000);
    expect(await app.referrals.runDue()).toBe(0);
    expect(await grants()).toHaveLength(1);
    expect(await app.db.select().from(referralSignups).where(eq(referralSignups.referrerId, owner.id))).toHaveLength(1);
  });
});
