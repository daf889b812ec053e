import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { oneTimeCodes, users } from '../../db/schema/index';
import {
  buildTestAppWithMail,
  freshIp,
  testAppForFile,
  newPhone,
  PASSWORD,
  postFrom,
  registration,
  unique,
  waitForSms,
  withSettings,
} from '../../../test/helper';

/** Sign-in hardening after the hostile review (decision 008): lockouts, throttles, enumeration, sessions. */

const testApp = testAppForFile(() => buildTestAppWithMail());
afterEach(() => vi.useRealTimers());

const post = (url: string, payload: object, ip = freshIp()) => postFrom(testApp.app, url, payload, ip);

async function userByUsername(username: string) {
  const [row] = await testApp.app.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error('no user');
  return row;
}

describe('each contact is verified on its own', () => {
  it('sends its own code to the phone and to the e-mail; the e-mail code verifies only the e-mail', async () => {
    const phone = newPhone();
    const body = registration({ phone });
    const after = testApp.catcher.messages.length;
    expect((await post('/api/users/register', body)).statusCode).toBe(201);
    const emailCode = await testApp.catcher.waitForCode(body.email, { after });
    const [smsCode] = await waitForSms(testApp.dataDir, phone, 1);
    expect(smsCode).toMatch(/^\d{6}$/);
    expect(smsCode).not.toBe(emailCode);
    expect((await post('/api/users/verify-otp', { email: body.email, otp: emailCode })).statusCode).toBe(200);
    expect(await userByUsername(body.username)).toMatchObject({ isVerified: true, emailVerified: true, phoneVerified: false });
    // The SMS code still proves the phone afterwards.
    expect((await post('/api/users/verify-otp', { phone, otp: smsCode as string })).statusCode).toBe(200);
    expect(await userByUsername(body.username)).toMatchObject({ phoneVerified: true });
  });

  it("lets the phone's owner register after an hour when a squatter verified only an e-mail; the first to verify owns it", async () => {
    const phone = newPhone();
    const squatter = registration({ phone });
    const after = testApp.catcher.messages.length;
    expect((await post('/api/users/register', squatter)).statusCode).toBe(201);
    const squatterSms = (await waitForSms(testApp.dataDir, phone, 1))[0] as string;
    const emailCode = await testApp.catcher.waitForCode(squatter.email, { after });
    expect((await post('/api/users/verify-otp', { email: squatter.email, otp: emailCode })).statusCode).toBe(200);

    // Within the hour the number is still held.
    const early = await post('/api/users/register', registration({ phone, email: '' }));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Ce numéro de téléphone est déjà utilisé');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const owner = registration({ phone, email: '' });
    const claimed = await post('/api/users/register', owner);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect((await userByUsername(squatter.username)).phone).toBeNull();
    expect((await userByUsername(owner.username)).phone).toBe(phone);
    // The squatter's old SMS code proves nothing any more.
    expect((await post('/api/users/verify-otp', { identifier: squatter.username, otp: squatterSms })).statusCode).toBe(400);
    const ownerCodes = await waitForSms(testApp.dataDir, phone, 2);
    expect((await post('/api/users/verify-otp', { phone, otp: ownerCodes.at(-1) as string })).statusCode).toBe(200);
    expect(await userByUsername(owner.username)).toMatchObject({ isVerified: true, phoneVerified: true });

    // A verified phone is never released.
    vi.setSystemTime(Date.now() + 3 * 3600_000);
    expect((await post('/api/users/register', registration({ phone, email: '' }))).statusCode).toBe(409);
  });
});

describe('SMS pumping', () => {
  it('refuses SMS to a number outside settings.security.smsCountries (Cameroon by default), in French', async () => {
    const refused = await post('/api/users/register', registration({ phone: '+33 6 12 34 56 78' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.phone).toEqual([
      'Nous n’envoyons les SMS qu’aux numéros de : Cameroun. Utilisez un de ces numéros ou une adresse e-mail.',
    ]);
    await withSettings(
      testApp.app,
      (s) => ({ security: { ...s.security, smsCountries: ['CM', 'FR'] } }),
      async () => {
        const accepted = await post('/api/users/register', registration({ phone: '+33 6 12 34 56 79', email: '' }));
        expect(accepted.statusCode, accepted.body).toBe(201);
        expect(await waitForSms(testApp.dataDir, '+33612345679', 1)).toHaveLength(1);
      },
    );
  });

  it('sends at most 5 codes an hour and 10 a day to one account and number, whatever asks for them', async () => {
    const phone = newPhone();
    const body = registration({ phone, email: '' });
    expect((await post('/api/users/register', body)).statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      vi.setSystemTime(start + i * 61_000);
      const login = await post('/api/users/login', { identifier: phone, password: PASSWORD });
      statuses.push(login.statusCode);
      if (login.statusCode === 429) {
        expect(login.json()).toMatchObject({
          code: 'OTP_LIMIT',
          message: 'Trop de codes ont été envoyés à ce compte ou à ce contact. Réessayez dans une heure.',
        });
      }
    }
    // Registration + 4 sign-ins = 5 codes; the 5th and 6th sign-ins are refused.
    expect(statuses).toEqual([403, 403, 403, 403, 429, 429]);
    // Resends in between are answered the same and send nothing.
    expect((await post('/api/users/resend-otp', { phone })).json()).toEqual({ message: 'Nouveau code OTP envoyé !' });
    const codes = await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, phone));
    expect(codes).toHaveLength(5);
    // The next hours: 5 more, then the day is full.
    for (let hour = 1; hour <= 3; hour++) {
      for (let i = 0; i < 6; i++) {
        vi.setSystemTime(start + hour * 3700_000 + i * 61_000);
        await post('/api/users/login', { identifier: phone, password: PASSWORD });
      }
    }
    const all = await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, phone));
    expect(all).toHaveLength(10);
  });
});

describe('nobody can lock someone else out', () => {
  it('a stranger with case and space variants of the e-mail from other addresses does not stop the owner', async () => {
    const user = await createUser(testApp.app);
    const email = user.email as string;
    const variants = [email.toUpperCase(), ` ${email} `, email.replace(/^./, (c) => c.toUpperCase())];
    for (let i = 0; i < 15; i++) {
      const answer = await post(
        '/api/users/login',
        { identifier: variants[i % 3], password: `Wrong-${i}-x` },
        `10.8.0.${(i % 3) + 1}`,
      );
      expect([401, 403]).toContain(answer.statusCode);
    }
    const owner = await post('/api/users/login', { identifier: email, password: TEST_PASSWORD });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('answers an unknown identifier exactly like a real account', async () => {
    const user = await createUser(testApp.app);
    const answers = async (identifier: string) => {
      const ip = freshIp();
      const out: Array<{ status: number; code: string; keys: string[] }> = [];
      for (let i = 0; i < 6; i++) {
        const response = await post('/api/users/login', { identifier, password: 'Wrong-pass-1' }, ip);
        out.push({ status: response.statusCode, code: response.json().code, keys: Object.keys(response.json()).sort() });
      }
      return out;
    };
    const real = await answers(user.email as string);
    const unknown = await answers(`${unique('nobody')}@example.cm`);
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toMatchObject({ status: 403, code: 'ACCOUNT_LOCKED' });
  });

  it('lets a right password through a wait only from a known device, never from a known address (one address for thousands)', async () => {
    const user = await createUser(testApp.app);
    const identifier = user.email as string;
    const shared = freshIp();
    const signIn = (password: string, deviceToken?: string) =>
      post('/api/users/login', { identifier, password, ...(deviceToken ? { deviceToken } : {}) }, shared);
    // The owner signs in once behind the carrier's shared address: the app keeps a device token.
    const first = await signIn(TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const deviceToken = first.json().deviceToken as string;
    expect(deviceToken).toMatch(/^[\w-]{40,}$/);
    // A stranger behind the same address tries passwords until the pair waits.
    for (let i = 0; i < 6; i++) await signIn(`Wrong-pass-${i}`);
    // The address is known to the account, yet the stranger's next guesses are refused unchecked.
    expect((await signIn(TEST_PASSWORD)).json().code).toBe('ACCOUNT_LOCKED');
    // The owner's device passes with the right password and keeps its token.
    const owner = await signIn(TEST_PASSWORD, deviceToken);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().deviceToken).toBe(deviceToken);
    // The owner passing does not lift the wait of the others at that address.
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(403);
    // A wrong password from the known device is still a failure.
    expect((await signIn('Wrong-pass-x', deviceToken)).statusCode).toBe(403);
    // Another account's device token is no key to this one.
    const other = await createUser(testApp.app);
    const otherDevice = (await post('/api/users/login', { identifier: other.email, password: TEST_PASSWORD }, freshIp())).json()
      .deviceToken as string;
    expect((await signIn(TEST_PASSWORD, otherDevice)).statusCode).toBe(403);

    const after = testApp.catcher.messages.length;
    await post('/api/auth/reset-password', { email: user.email });
    const code = await testApp.catcher.waitForCode(user.email as string, { after });
    const newPassword = 'Baobab-Shade-77';
    expect((await post('/api/auth/new-password', { email: user.email, otp: code, newPassword })).statusCode).toBe(200);
    expect((await signIn(newPassword)).statusCode).toBe(200);
  });
});

describe('unknown accounts answer like known ones', () => {
  it('reset then six wrong codes: the same answers for a real and an unknown e-mail', async () => {
    const user = await createUser(testApp.app);
    const run = async (email: string) => {
      await post('/api/auth/reset-password', { email });
      const out: string[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await post('/api/auth/new-password', { email, otp: '000000', newPassword: 'Baobab-Shade-77' });
        out.push(`${response.statusCode} ${response.json().code} ${response.json().message}`);
      }
      return out;
    };
    const real = await run(user.email as string);
    const unknown = await run(`${unique('nobody')}@example.cm`);
    expect(real).toEqual(unknown);
    expect(new Set(real)).toEqual(new Set(['400 OTP_INVALID Code OTP invalide']));
  });

  it('resend-otp: the same answer for an unverified account, a verified one and an unknown contact', async () => {
    const unverified = registration();
    expect((await post('/api/users/register', unverified)).statusCode).toBe(201);
    const verified = await createUser(testApp.app);
    const bodies = await Promise.all(
      [unverified.email, verified.email as string, `${unique('nobody')}@example.cm`].map(async (email) => {
        const response = await post('/api/users/resend-otp', { email });
        return `${response.statusCode} ${response.body}`;
      }),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toBe('200 {"message":"Nouveau code OTP envoyé !"}');
  });
});

describe('at most five checks per code, counted on the resolved account', () => {
  it('nine parallel wrong guesses on one reset code check it five times, then even the right code is refused', async () => {
    const user = await createUser(testApp.app);
    const after = testApp.catcher.messages.length;
    await post('/api/auth/reset-password', { email: user.email });
    const code = await testApp.catcher.waitForCode(user.email as string, { after });
    const wrong = code === '111111' ? '222222' : '111111';
    const ips = Array.from({ length: 9 }, () => freshIp());
    await Promise.all(
      ips.map((ip) => post('/api/auth/new-password', { email: user.email, otp: wrong, newPassword: 'Baobab-Shade-77' }, ip)),
    );
    const [row] = await testApp.app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'reset'), eq(oneTimeCodes.channel, 'email')));
    expect(row?.attempts).toBe(5);
    const right = await post('/api/auth/new-password', { email: user.email, otp: code, newPassword: 'Baobab-Shade-77' });
    expect(right.statusCode).toBe(400);
  });

  it('counts every written form of one phone (extensions x1, x2…) on one (address, account) counter', async () => {
    const phone = newPhone();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      statuses.push((await post('/api/users/resend-otp', { phone: `${phone}x${i}` }, ip)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('weak passwords', () => {
  it('refuses breached and patterned passwords at registration, reset and admin creation', async () => {
    for (const password of ['aaaaaaaa', 'Password2024', 'azerty2024', '123456789a', 'Cameroun237', 'abcabcabc']) {
      const response = await post('/api/users/register', registration({ password, confirmPassword: password }));
      expect(response.statusCode, password).toBe(400);
      expect(response.json().fieldErrors.password).toEqual(['Ce mot de passe est trop courant. Choisissez-en un autre.']);
    }
    const superadmin = await createUser(testApp.app, { role: 'superadmin' });
    const { tokenFor, bearer } = await import('../../../test/factories');
    const admin = await testApp.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(await tokenFor(testApp.app, superadmin)),
      payload: {
        firstName: 'Nouvel',
        lastName: 'Admin',
        email: `${unique('adm')}@example.cm`,
        password: 'azerty2024',
        permissions: [],
        role: 'admin',
      },
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().fieldErrors.password).toEqual(['Ce mot de passe est trop courant. Choisissez-en un autre.']);
  });

  it('never accepts fewer than 8 characters, even with passwordMinLength = 6', async () => {
    await withSettings(
      testApp.app,
      (s) => ({ security: { ...s.security, passwordMinLength: 6 } }),
      async () => {
        const response = await post('/api/users/register', registration({ password: 'qx7k2m', confirmPassword: 'qx7k2m' }));
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors.password).toEqual(['Le mot de passe doit contenir au moins 8 caractères']);
        const ok = await post('/api/users/register', registration({ password: 'qx7k2m#Wp', confirmPassword: 'qx7k2m#Wp' }));
        expect(ok.statusCode, ok.body).toBe(201);
      },
    );
  });
});

describe('look-alike usernames', () => {
  it('refuses a username mixing alphabets, and one whose skeleton is taken', async () => {
    const mixed = await post('/api/users/register', registration({ username: 'аdmin' }));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fieldErrors.username).toEqual([
      "Le nom d'utilisateur ne doit pas mélanger plusieurs alphabets (latin, cyrillique, grec…)",
    ]);
    const latin = unique('copa');
    expect((await post('/api/users/register', registration({ username: latin }))).statusCode).toBe(201);
    // The same name in Cyrillic letters only ('сора…' with Latin digits is refused as mixed; a fully Cyrillic look-alike).
    const cyrillicOnly = 'сора';
    expect((await post('/api/users/register', registration({ username: 'copa' }))).statusCode).toBe(201);
    const lookalike = await post('/api/users/register', registration({ username: cyrillicOnly }));
    expect(lookalike.statusCode).toBe(409);
    expect(lookalike.json().message).toBe("Ce nom d'utilisateur est déjà utilisé");
  });
});

describe('reset requests do the same work for every address (issue 24, finding 14)', () => {
  it('answers before any work, then runs the same steps for a real and an unknown e-mail; only the real one gets a code', async () => {
    const user = await createUser(testApp.app);
    const settings = testApp.app.settings;
    const get = settings.get.bind(settings);
    // The work's first step waits until released: an answer that needs the work cannot come.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const spy = vi.spyOn(settings, 'get').mockImplementation(async () => {
      await gate;
      return get();
    });
    try {
      const after = testApp.catcher.messages.length;
      const real = await post('/api/auth/reset-password', { email: user.email });
      const unknown = await post('/api/auth/reset-password', { email: `${unique('nobody')}@example.cm` });
      expect([real.statusCode, real.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(real.statusCode).toBe(200);
      // Both requests started the same work (its first step), after their answer.
      expect(spy).toHaveBeenCalledTimes(2);
      release();
      expect(await testApp.catcher.waitForCode(user.email as string, { after })).toMatch(/^\d{6}$/);
    } finally {
      release();
      spy.mockRestore();
    }
  });
});
