import { ACCOUNT_RIGHTS_MESSAGES } from '@app/shared/account';
import { MESSAGES } from '@app/shared/auth';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../../../test/factories';
import {
  buildTestAppWithMail,
  freshIp,
  newPhone,
  request,
  signedIn,
  testAppForFile,
  unique,
  waitForSms,
} from '../../../test/helper';
import { auditLog, oneTimeCodes, users } from '../../db/schema/index';

/** Issue 27 item 8: change of e-mail or phone with a code sent to the new contact (decision 048). */
const testApp = testAppForFile(() => buildTestAppWithMail());

const newEmail = () => `${unique('nouveau')}@exemple.cm`;

function signIn(identifier: string, password = TEST_PASSWORD) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'x-forwarded-for': freshIp() },
    payload: { identifier, password },
  });
}

describe('change of e-mail with a code sent to the new address', () => {
  it('sends the code to the new address only; the old one signs in until the code comes back, then the new one does', async () => {
    const me = await signedIn(testApp.app);
    const other = await signedIn(testApp.app);
    const oldEmail = me.user.email as string;
    const target = newEmail();
    const after = testApp.catcher.messages.length;
    const asked = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: `  ${target.toUpperCase()} ` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: ACCOUNT_RIGHTS_MESSAGES.codeSentEmail, channel: 'email', destination: target });
    const code = await testApp.catcher.waitForCode(target, { after });
    expect(testApp.catcher.messages.slice(after).every((mail) => mail.to.includes(target))).toBe(true);

    // Until the code comes back: the old address signs in, the new one does not.
    expect((await signIn(oldEmail)).statusCode).toBe(200);
    expect((await signIn(target)).statusCode).toBe(401);

    // A wrong code is refused at the field; another account cannot use this code.
    const wrong = await request(testApp.app, 'POST', '/api/users/me/contact/confirm', me, {
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.otp).toEqual([MESSAGES.otpInvalid]);
    expect((await request(testApp.app, 'POST', '/api/users/me/contact/confirm', other, { otp: code })).statusCode).toBe(400);

    const confirmed = await request(testApp.app, 'POST', '/api/users/me/contact/confirm', me, { otp: code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(ACCOUNT_RIGHTS_MESSAGES.emailChanged);
    expect(confirmed.json().user.email).toBe(target);
    // The session that asked is kept (decision 048).
    expect((await request(testApp.app, 'GET', '/api/users/me', me)).statusCode).toBe(200);
    expect((await signIn(target)).statusCode).toBe(200);
    expect((await signIn(oldEmail)).statusCode).toBe(401);
    // Used once.
    expect((await request(testApp.app, 'POST', '/api/users/me/contact/confirm', me, { otp: code })).statusCode).toBe(400);
    // The old address hears of the change; the audit names no contact.
    await testApp.catcher.waitFor((mail) => mail.to.includes(oldEmail) && mail.subject.includes('modifiée'));
    const [audit] = await testApp.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, me.user.id), eq(auditLog.action, 'user.change_email')));
    expect(audit).toMatchObject({ actorId: me.user.id, before: null, after: null });
  });

  it('refuses an address another account holds, and the address it already has, at the field', async () => {
    const me = await signedIn(testApp.app);
    const other = await createUser(testApp.app);
    const taken = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.email).toEqual(['Cette adresse e-mail est déjà utilisée']);
    const same = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: me.user.email });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors.email).toEqual([ACCOUNT_RIGHTS_MESSAGES.sameEmail]);
    const invalid = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: 'pas-une-adresse' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.email).toBeDefined();
    const both = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: newEmail(), phone: newPhone() });
    expect(both.json().fieldErrors.phone).toEqual([ACCOUNT_RIGHTS_MESSAGES.contactOnlyOne]);
    const none = await request(testApp.app, 'POST', '/api/users/me/contact', me, {});
    expect(none.json().fieldErrors.email).toEqual([ACCOUNT_RIGHTS_MESSAGES.contactRequired]);
  });

  it('takes an address left unverified for over an hour by another account (as sign-up does)', async () => {
    const me = await signedIn(testApp.app);
    const target = newEmail();
    const squatter = await createUser(testApp.app, { email: target, isVerified: false, phone: newPhone() });
    await testApp.app.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(users.id, squatter.id));
    const asked = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: target });
    expect(asked.statusCode).toBe(200);
    const [row] = await testApp.app.db.select({ email: users.email }).from(users).where(eq(users.id, squatter.id));
    expect(row?.email).toBeNull();
  });

  it('refuses a code once another account took the address meanwhile', async () => {
    const me = await signedIn(testApp.app);
    const target = newEmail();
    const after = testApp.catcher.messages.length;
    expect((await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: target })).statusCode).toBe(200);
    const code = await testApp.catcher.waitForCode(target, { after });
    await createUser(testApp.app, { email: target });
    const confirmed = await request(testApp.app, 'POST', '/api/users/me/contact/confirm', me, { otp: code });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().fieldErrors.email).toEqual([ACCOUNT_RIGHTS_MESSAGES.contactTakenMeanwhile]);
  });

  it('an expired code is refused; a code dies after 5 wrong tries', async () => {
    const me = await signedIn(testApp.app);
    const target = newEmail();
    const after = testApp.catcher.messages.length;
    await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: target });
    const code = await testApp.catcher.waitForCode(target, { after });
    await testApp.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, me.user.id), eq(oneTimeCodes.purpose, 'contact')));
    const expired = await request(testApp.app, 'POST', '/api/users/me/contact/confirm', me, { otp: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('OTP_EXPIRED');

    const second = await signedIn(testApp.app);
    const target2 = newEmail();
    const after2 = testApp.catcher.messages.length;
    await request(testApp.app, 'POST', '/api/users/me/contact', second, { email: target2 });
    const good = await testApp.catcher.waitForCode(target2, { after: after2 });
    const bad = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      await request(testApp.app, 'POST', '/api/users/me/contact/confirm', second, { otp: bad });
    }
    const dead = await request(testApp.app, 'POST', '/api/users/me/contact/confirm', second, { otp: good });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().code).toBe('OTP_TOO_MANY_TRIES');
    const [row] = await testApp.app.db.select({ email: users.email }).from(users).where(eq(users.id, second.user.id));
    expect(row?.email).toBe(second.user.email);
  });

  it('waits a minute between codes and caps the codes per account (sign-up’s limits)', async () => {
    const me = await signedIn(testApp.app);
    expect((await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: newEmail() })).statusCode).toBe(200);
    const soon = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: newEmail() });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('OTP_TOO_SOON');
    // Five codes this hour already (sign-up's cap per account): refused.
    await testApp.app.db.insert(oneTimeCodes).values(
      Array.from({ length: 5 }, (_, i) => ({
        userId: me.user.id,
        purpose: 'verify' as const,
        codeHash: `x${i}`,
        destination: `old${i}@exemple.cm`,
        channel: 'email' as const,
        createdAt: new Date(Date.now() - 30 * 60_000),
        expiresAt: new Date(Date.now() - 25 * 60_000),
      })),
    );
    await testApp.app.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(and(eq(oneTimeCodes.userId, me.user.id), eq(oneTimeCodes.purpose, 'contact')));
    const capped = await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: newEmail() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('OTP_LIMIT');
  });

  it('at most 10 requests per account an hour, so taken addresses cannot be listed', async () => {
    const me = await signedIn(testApp.app);
    const other = await createUser(testApp.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await request(testApp.app, 'POST', '/api/users/me/contact', me, { email: other.email })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('needs a session', async () => {
    expect((await request(testApp.app, 'POST', '/api/users/me/contact', undefined, { email: newEmail() })).statusCode).toBe(401);
    expect((await request(testApp.app, 'POST', '/api/users/me/contact/confirm', undefined, { otp: '123456' })).statusCode).toBe(
      401,
    );
  });
});

describe('change of phone with a code sent by SMS to the new number', () => {
  it('normalises the number as at sign-up, sends the code to it, and the new number signs in once confirmed', async () => {
    const me = await signedIn(testApp.app, { phone: newPhone() });
    const oldPhone = me.user.phone as string;
    const target = newPhone();
    const national = target.slice(4).replace(/^(\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, '$1 $2 $3 $4 $5');
    const asked = await request(testApp.app, 'POST', '/api/users/me/contact', me, { phone: national });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ channel: 'sms', destination: target, message: ACCOUNT_RIGHTS_MESSAGES.codeSentSms });
    const [code] = await waitForSms(testApp.dataDir, target);
    expect((await signIn(oldPhone)).statusCode).toBe(200);
    const confirmed = await request(testApp.app, 'POST', '/api/users/me/contact/confirm', me, { otp: code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: ACCOUNT_RIGHTS_MESSAGES.phoneChanged, user: { phone: target } });
    expect((await signIn(target)).statusCode).toBe(200);
    expect((await signIn(oldPhone)).statusCode).toBe(401);
  });

  it('refuses a number another account holds', async () => {
    const me = await signedIn(testApp.app);
    const phone = newPhone();
    await createUser(testApp.app, { phone });
    const taken = await request(testApp.app, 'POST', '/api/users/me/contact', me, { phone });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.phone).toEqual(['Ce numéro de téléphone est déjà utilisé']);
  });
});
