import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { oneTimeCodes, outboundMessages, users } from '../../db/schema/index';
import { freshIp, newPhone, PASSWORD, postFrom, registration, testAppForFile, unique, waitForSms } from '../../../test/helper';

/** Issue 24, item 6: an unverified contact finds no account and cannot be held again and again (decision 021). */

const testApp = testAppForFile(() => buildTestApp());
afterEach(() => vi.useRealTimers());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  postFrom(testApp.app, url, payload, freshIp(), headers);

async function account(username: string) {
  const [row] = await testApp.app.db.select().from(users).where(eq(users.username, username));
  return row ?? null;
}

describe("someone else's e-mail on an account verified by its own phone", () => {
  it('finds no account for sign-in, partner users, reset or confirmation; the owner takes the e-mail after the hold', async () => {
    const victimEmail = `${unique('victime')}@example.cm`;
    const phone = newPhone();
    const squatter = registration({ email: victimEmail, phone });
    expect((await post('/api/users/register', squatter)).statusCode).toBe(201);
    const [code] = await waitForSms(testApp.dataDir, phone, 1);
    expect((await post('/api/users/verify-otp', { phone, otp: code as string })).statusCode).toBe(200);
    expect(await account(squatter.username)).toMatchObject({ isVerified: true, phoneVerified: true, emailVerified: false });

    // Sign-in with the victim's e-mail: no account; with the squatter's own phone or name: yes.
    const byEmail = await post('/api/users/login', { identifier: victimEmail, password: PASSWORD });
    expect(byEmail.statusCode).toBe(401);
    expect(byEmail.json().code).toBe('INVALID_CREDENTIALS');
    expect((await post('/api/users/login', { identifier: phone, password: PASSWORD })).statusCode).toBe(200);

    // An administrator adding the e-mail as a partner's authorised user finds nobody.
    const manager = await createUser(testApp.app, { role: 'admin', permissions: ['manage_partners'] });
    const headers = bearer(await tokenFor(testApp.app, manager));
    const partner = await testApp.app.inject({
      method: 'POST',
      url: '/api/businesses',
      headers,
      payload: { name: 'Brasserie Squat', type: 'business', email: `${unique('p')}@etoile.cm` },
    });
    expect(partner.statusCode, partner.body).toBe(201);
    const added = await testApp.app.inject({
      method: 'POST',
      url: `/api/partners/${partner.json().partner._id}/users`,
      headers,
      payload: { identifier: victimEmail },
    });
    expect(added.statusCode).toBe(404);
    expect(added.json().code).toBe('ACCOUNT_NOT_FOUND');

    // A reset for the e-mail sends nothing and sets no password.
    const squatterRow = await account(squatter.username);
    expect((await post('/api/auth/reset-password', { email: victimEmail })).statusCode).toBe(200);
    const resets = await testApp.app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, squatterRow?.id as string), eq(oneTimeCodes.purpose, 'reset')));
    expect(resets).toEqual([]);
    // Nor does the 'account verified' confirmation go to that e-mail.
    const toVictim = async () =>
      (await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, victimEmail))).length;
    const before = await toVictim();
    expect((await post('/api/users/send-confirmation', { email: victimEmail })).statusCode).toBe(200);
    expect(await toVictim()).toBe(before);

    // After the hour, the e-mail's owner registers with it; the squatter keeps only the phone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const owner = registration({ email: victimEmail });
    const claimed = await post('/api/users/register', owner);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(await account(squatter.username)).toMatchObject({ email: null, phone, phoneVerified: true });
    expect((await account(owner.username))?.email).toBe(victimEmail);
  });

  it('an account with no verified contact yet still signs in with its contact to get a code', async () => {
    const phone = newPhone();
    const pending = registration({ phone, email: '' });
    expect((await post('/api/users/register', pending)).statusCode).toBe(201);
    const login = await post('/api/users/login', { identifier: phone, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('OTP_REQUIRED');
  });
});

describe('an unverified hold is not renewed by a new unverified account', () => {
  it('a squatter re-registering the number after the hour does not hold it again: its owner registers at once', async () => {
    const phone = newPhone();
    const first = registration({ phone, email: '' });
    expect((await post('/api/users/register', first)).statusCode).toBe(201);
    await waitForSms(testApp.dataDir, phone, 1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    // The squatter's second account takes the number from the first (the hour is over)…
    const second = registration({ phone, email: '' });
    expect((await post('/api/users/register', second)).statusCode).toBe(201);
    expect(await account(first.username)).toBeNull();
    // …but gets no new hour: the owner registers right after.
    vi.setSystemTime(Date.now() + 60_000);
    const owner = registration({ phone, email: '' });
    const claimed = await post('/api/users/register', owner);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect((await account(owner.username))?.phone).toBe(phone);
    const ownerCode = (await waitForSms(testApp.dataDir, phone, 3)).at(-1) as string;
    expect((await post('/api/users/verify-otp', { phone, otp: ownerCode })).statusCode).toBe(200);
    expect(await account(owner.username)).toMatchObject({ phoneVerified: true });

    // The codes of the deleted accounts still count for the caps on that number.
    const codes = await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, phone));
    expect(codes).toHaveLength(3);
  });

  it('a new hold starts again a day after the last one', async () => {
    const phone = newPhone();
    expect((await post('/api/users/register', registration({ phone, email: '' }))).statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 3600_000);
    expect((await post('/api/users/register', registration({ phone, email: '' }))).statusCode).toBe(201);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const early = await post('/api/users/register', registration({ phone, email: '' }));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Ce numéro de téléphone est déjà utilisé');
  });
});
