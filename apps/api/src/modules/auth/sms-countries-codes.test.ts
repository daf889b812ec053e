import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { outboxMessages } from '../../../test/helper';
import { oneTimeCodes, users } from '../../db/schema/index';

/**
 * Issue 26 item 11: a resend and a sign-in send no code by SMS to a number whose country left
 * `settings.security.smsCountries` since the account was made; the e-mail's code still goes.
 */

let ipCounter = 1;
const newIp = () => `10.26.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const PASSWORD = 'Mango-Tree-2025';
const FRENCH = '+33612345677';
/** How long a background send may take on a busy machine. */
const WAIT = { timeout: 10_000, interval: 50 };

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function post(url: string, payload: object) {
  return testApp.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': newIp() } });
}

async function setSmsCountries(countries: string[]) {
  const settings = await testApp.app.settings.get();
  await testApp.app.settings.save({ ...settings, security: { ...settings.security, smsCountries: countries } }, null);
}

async function codes(userId: string, channel: 'sms' | 'email') {
  return testApp.app.db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.channel, channel), eq(oneTimeCodes.purpose, 'verify')));
}

/** SMS written to the outbox for this number. */
function smsFiles(to: string): number {
  return outboxMessages(testApp.dataDir, 'sms', to).length;
}

/** Two hours later: the minute between two codes and the hourly cap are past (the day's cap of 10 is not reached). */
async function later(userId: string) {
  await testApp.app.db
    .update(oneTimeCodes)
    .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
    .where(eq(oneTimeCodes.userId, userId));
}

describe('resend and sign-in codes follow smsCountries (issue 26 item 11)', () => {
  it('no SMS code to a number outside smsCountries on resend or sign-in; the e-mail code goes, and the SMS again once allowed', async () => {
    // Made while France was allowed: a French phone and an e-mail, both unverified.
    await setSmsCountries(['CM', 'FR']);
    const username = `pays${Date.now().toString(36)}`;
    const email = `${username}@example.cm`;
    const registered = await post('/api/users/register', {
      username,
      email,
      phone: FRENCH,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Awa',
      lastName: 'Ngono',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().otpChannel).toBe('both');
    const [user] = await testApp.app.db.select().from(users).where(eq(users.username, username));
    const id = user?.id as string;
    expect(await codes(id, 'sms')).toHaveLength(1);
    await vi.waitFor(() => expect(smsFiles(FRENCH)).toBe(1), WAIT);

    // France leaves the list.
    await setSmsCountries(['CM']);

    // Resend: the same answer; the e-mail's code is made (in the background, after the SMS
    // target was judged), no SMS code.
    await later(id);
    const resent = await post('/api/users/resend-otp', { phone: FRENCH });
    expect(resent.json()).toEqual({ message: 'Nouveau code OTP envoyé !' });
    await vi.waitFor(async () => expect(await codes(id, 'email')).toHaveLength(2), WAIT);
    expect(await codes(id, 'sms')).toHaveLength(1);

    // Sign-in: the code goes by e-mail only, and the answer says so.
    await later(id);
    const signIn = await post('/api/users/login', { identifier: email, password: PASSWORD });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'OTP_REQUIRED', requiresOTP: true, otpChannel: 'email' });
    expect(await codes(id, 'email')).toHaveLength(3);
    expect(await codes(id, 'sms')).toHaveLength(1);
    expect(smsFiles(FRENCH)).toBe(1);

    // France allowed again: the next resend and sign-in send the SMS code too.
    await setSmsCountries(['CM', 'FR']);
    await later(id);
    await post('/api/users/resend-otp', { phone: FRENCH });
    await vi.waitFor(async () => expect(await codes(id, 'sms')).toHaveLength(2), WAIT);
    await later(id);
    const again = await post('/api/users/login', { identifier: email, password: PASSWORD });
    expect(again.json()).toMatchObject({ code: 'OTP_REQUIRED', otpChannel: 'both' });
    expect(await codes(id, 'sms')).toHaveLength(3);
    await vi.waitFor(() => expect(smsFiles(FRENCH)).toBe(3), WAIT);
    await setSmsCountries(['CM']);
  });
});
