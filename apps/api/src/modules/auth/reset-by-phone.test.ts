import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { outboxMessages, withSettings } from '../../../test/helper';
import { oneTimeCodes, outboundMessages } from '../../db/schema/index';

/**
 * Issue 25 item 8: a phone-only account resets its password by SMS (code and link, decision 029),
 * with the e-mail's no-enumeration answers, the phone in any written form, and `smsCountries`.
 */

let ipCounter = 1;
const newIp = () => `10.25.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let phoneCounter = 2_500_000;
/** A fresh valid Cameroonian mobile number, in E.164. */
const newPhone = () => `+23765${String(phoneCounter++).padStart(7, '0')}`;
/** '+237652500001' written as people write it: '6 52 50 00 01'. */
const spaced = (e164: string) => e164.slice(4).replace(/^(\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, '$1 $2 $3 $4 $5');

const NEW_PASSWORD = 'Baobab-Shade-77';
const SENT_BY_SMS = 'Un code de réinitialisation a été envoyé par SMS à votre numéro de téléphone';

let testApp: TestApp;

beforeAll(async () => {
  // No provider: every e-mail and SMS is written to DATA_DIR/outbox.
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function post(url: string, payload: object, ip = newIp()) {
  return testApp.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
}

/** Every SMS written to the outbox for this number, oldest first. */
function smsTo(to: string): string[] {
  return outboxMessages(testApp.dataDir, 'sms', to).map((sms) => sms.text);
}

/** Waits (bounded) until the outbox holds `count` SMS for this number; answers them. */
async function waitForSms(to: string, count: number): Promise<string[]> {
  for (let i = 0; i < 400; i++) {
    const texts = smsTo(to);
    if (texts.length >= count) return texts;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} SMS to ${to}`);
}

/** Waits until the background work of the reset requests made so far is done (the outbox rows are written after it). */
async function settled(): Promise<void> {
  await vi.waitFor(
    async () => {
      const pending = await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.status, 'pending'));
      expect(pending).toHaveLength(0);
    },
    { timeout: 10_000 },
  );
}

function codeOf(text: string): string {
  return (text.match(/\b(\d{6})\b/) as RegExpMatchArray)[1] as string;
}

function linkTokenOf(text: string): string {
  return (text.match(/\/GetStarted\?reset=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/) as RegExpMatchArray)[1] as string;
}

/** A verified account with a phone and no e-mail. */
function phoneOnlyUser(phone = newPhone()) {
  return createUser(testApp.app, { email: null, phone });
}

/** Dates the account's earlier reset codes two minutes back: one code a minute may go out. */
async function aMinuteLater(userId: string) {
  await testApp.app.db
    .update(oneTimeCodes)
    .set({ createdAt: new Date(Date.now() - 120_000) })
    .where(eq(oneTimeCodes.userId, userId));
}

describe('password reset by phone (issue 25 item 8)', () => {
  it('sends a 6-digit code by SMS; the new password works, the old one does not, and the owner is told', async () => {
    const phone = newPhone();
    const user = await phoneOnlyUser(phone);
    const asked = await post('/api/auth/reset-password', { phone: spaced(phone) });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: SENT_BY_SMS });
    const [sms] = await waitForSms(phone, 1);
    const code = codeOf(sms as string);
    expect(sms).toContain(`votre code de réinitialisation est ${code}`);
    expect(sms).toMatch(/^Évènements Cameroun : /);

    const wrong = await post('/api/auth/new-password', {
      phone,
      otp: code === '000000' ? '000001' : '000000',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OTP_INVALID');

    const reset = await post('/api/auth/new-password', { phone: `+237 ${spaced(phone)}`, otp: code, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ message: 'Mot de passe modifié avec succès' });
    expect((await post('/api/users/login', { identifier: phone, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/users/login', { identifier: spaced(phone), password: NEW_PASSWORD })).statusCode).toBe(200);
    // Single use.
    expect((await post('/api/auth/new-password', { phone, otp: code, newPassword: 'Kapok-River-88' })).statusCode).toBe(400);
    // Without an e-mail, the owner hears of the change by SMS.
    const [, notice] = await waitForSms(phone, 2);
    expect(notice).toContain('le mot de passe de votre compte vient d’être modifié');
    expect(user.email).toBeNull();
  });

  it('the SMS also carries a link that resets once, after five wrong codes from strangers killed the code', async () => {
    const phone = newPhone();
    await phoneOnlyUser(phone);
    expect((await post('/api/auth/reset-password', { phone })).statusCode).toBe(200);
    const [sms] = await waitForSms(phone, 1);
    const code = codeOf(sms as string);
    const token = linkTokenOf(sms as string);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/new-password', { phone, otp: wrong, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    }
    // The code is dead (five tries), answered like any wrong code.
    const dead = await post('/api/auth/new-password', { phone, otp: code, newPassword: NEW_PASSWORD });
    expect([dead.statusCode, dead.json().code]).toEqual([400, 'OTP_INVALID']);
    const byLink = await post('/api/auth/new-password', { token, newPassword: NEW_PASSWORD });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect((await post('/api/users/login', { identifier: phone, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/new-password', { token, newPassword: 'Kapok-River-88' })).statusCode).toBe(400);
  });

  it('reads the phone in any written form: spaces, +237, 00237, without the country code', async () => {
    const phone = newPhone();
    const user = await phoneOnlyUser(phone);
    const local = spaced(phone);
    const forms = [local, `+237 ${local}`, `00237${phone.slice(4)}`, `(+237) ${phone.slice(4, 7)}-${phone.slice(7)}`];
    let password = TEST_PASSWORD;
    for (const [index, form] of forms.entries()) {
      await aMinuteLater(user.id);
      const asked = await post('/api/auth/reset-password', { phone: form });
      expect(asked.statusCode, `${form}: ${asked.body}`).toBe(200);
      const texts = await waitForSms(phone, 2 * index + 1);
      const code = codeOf(texts.at(-1) as string);
      // The code is checked with the number written another way.
      const other = forms[(index + 1) % forms.length] as string;
      const next = `${NEW_PASSWORD}-${index}`;
      const reset = await post('/api/auth/new-password', { phone: other, otp: code, newPassword: next });
      expect(reset.statusCode, `${form} then ${other}: ${reset.body}`).toBe(200);
      expect((await post('/api/users/login', { identifier: phone, password })).statusCode).toBe(401);
      password = next;
      // The password-changed SMS.
      await waitForSms(phone, 2 * index + 2);
    }
    expect((await post('/api/users/login', { identifier: forms[2] as string, password })).statusCode).toBe(200);
    // Every form names one account for the limits too: the stored destination is always the E.164 number.
    const codes = await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(new Set(codes.map((row) => row.destination))).toEqual(new Set([phone]));
  });

  it('answers an unknown, unverified or blocked number exactly like a real one, and sends nothing to them', async () => {
    const real = newPhone();
    await phoneOnlyUser(real);
    const unknown = newPhone();
    const unverified = newPhone();
    await createUser(testApp.app, { email: null, phone: unverified, isVerified: false });
    const blocked = newPhone();
    await createUser(testApp.app, { email: null, phone: blocked, isBlocked: true });

    // The real number last: once its SMS is written, the same work for the others, queued before, is done.
    const answers = [];
    for (const phone of [unknown, unverified, blocked, real]) answers.push(await post('/api/auth/reset-password', { phone }));
    for (const answer of answers) {
      expect([answer.statusCode, answer.body]).toEqual([200, JSON.stringify({ message: SENT_BY_SMS })]);
    }
    await waitForSms(real, 1);
    await settled();
    for (const phone of [unknown, unverified, blocked]) {
      expect(smsTo(phone)).toEqual([]);
      expect(await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, phone))).toEqual([]);
    }

    // A code for an unknown number answers like a wrong code for a real one.
    const unknownCode = await post('/api/auth/new-password', { phone: unknown, otp: '123456', newPassword: NEW_PASSWORD });
    const wrongCode = await post('/api/auth/new-password', { phone: real, otp: '123456', newPassword: NEW_PASSWORD });
    expect([unknownCode.statusCode, unknownCode.body]).toEqual([wrongCode.statusCode, wrongCode.body]);
  });

  it('answers before any work that depends on the account, for a real and an unknown number alike', async () => {
    const phone = newPhone();
    await phoneOnlyUser(phone);
    const settings = testApp.app.settings;
    const get = settings.get.bind(settings);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each phone request reads the settings twice: for the smsCountries check before its answer
    // (the same for every number), then as the first step of the background work, held here.
    let calls = 0;
    const spy = vi.spyOn(settings, 'get').mockImplementation(async () => {
      calls++;
      if (calls % 2 === 0) await gate;
      return get();
    });
    try {
      const known = await post('/api/auth/reset-password', { phone });
      const unknown = await post('/api/auth/reset-password', { phone: newPhone() });
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(known.statusCode).toBe(200);
      // Both started the same background work after their answer, and it waits.
      expect(spy).toHaveBeenCalledTimes(4);
      expect(smsTo(phone)).toEqual([]);
      release();
      expect(await waitForSms(phone, 1)).toHaveLength(1);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('refuses a number outside smsCountries, whether or not an account has it, and sends once the country is allowed', async () => {
    const french = '+33612345601';
    await createUser(testApp.app, { email: null, phone: french });
    const refusal = 'Nous n’envoyons les SMS qu’aux numéros de : Cameroun. Utilisez un de ces numéros ou une adresse e-mail.';
    const known = await post('/api/auth/reset-password', { phone: '+33 6 12 34 56 01' });
    const unknown = await post('/api/auth/reset-password', { phone: '0033 6 12 34 56 02' });
    for (const answer of [known, unknown]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fieldErrors).toEqual({ phone: [refusal] });
    }
    expect(known.json()).toEqual(unknown.json());
    const english = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phone: '+33612345601' },
      headers: { 'x-forwarded-for': newIp(), 'accept-language': 'en' },
    });
    expect(english.json().fieldErrors.phone[0]).toMatch(
      /^We only send SMS to numbers of: .+\. Use one of these numbers or an e-mail address\.$/,
    );
    await settled();
    expect(smsTo(french)).toEqual([]);
    expect(await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, french))).toEqual([]);

    await withSettings(
      testApp.app,
      (s) => ({ security: { ...s.security, smsCountries: ['CM', 'FR'] } }),
      async () => {
        const allowed = await post('/api/auth/reset-password', { phone: '+33 6 12 34 56 01' });
        expect(allowed.statusCode, allowed.body).toBe(200);
        expect(codeOf((await waitForSms(french, 1))[0] as string)).toMatch(/^\d{6}$/);
      },
    );
  });

  it('takes exactly one contact, a valid one, in English too', async () => {
    const none = await post('/api/auth/reset-password', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.email).toEqual(['E-mail ou numéro de téléphone requis']);
    const both = await post('/api/auth/reset-password', { email: 'awa@example.cm', phone: newPhone() });
    expect(both.statusCode).toBe(400);
    const badPhone = await post('/api/auth/reset-password', { phone: '12' });
    expect(badPhone.json().fieldErrors.phone).toEqual(['Numéro de téléphone invalide']);
    const english = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {},
      headers: { 'x-forwarded-for': newIp(), 'accept-language': 'en' },
    });
    expect(english.json().fieldErrors.email).toEqual(['E-mail or phone number required']);
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phone: newPhone() },
      headers: { 'x-forwarded-for': newIp(), 'accept-language': 'en' },
    });
    expect(sent.json()).toEqual({ message: 'A reset code has been sent by SMS to your phone number' });
  });

  it('an account with both contacts resets by either; the e-mail keeps its spec answer', async () => {
    const phone = newPhone();
    const user = await createUser(testApp.app, { phone });
    const byEmail = await post('/api/auth/reset-password', { email: user.email });
    expect(byEmail.json()).toEqual({ message: 'Un code de réinitialisation a été envoyé à votre adresse email' });
    // The e-mail's code is made in the background: once it is, a minute can pass.
    await vi.waitFor(
      async () => {
        const rows = await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
        expect(rows.some((row) => row.channel === 'email')).toBe(true);
      },
      { timeout: 10_000 },
    );
    await aMinuteLater(user.id);
    expect((await post('/api/auth/reset-password', { phone })).statusCode).toBe(200);
    const code = codeOf((await waitForSms(phone, 1))[0] as string);
    const reset = await post('/api/auth/new-password', { phone, otp: code, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/api/users/login', { identifier: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
