import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, TEST_PASSWORD } from '../../../test/factories';
import { holdSends } from '../../../test/held-transport';
import { oneTimeCodes, outboundMessages, users } from '../../db/schema/index';
import { AUTH_LIMITS } from './auth.rate-limits';
import { CODE_CAPS } from './otp.service';
import {
  buildTestAppWithMail,
  freshIp,
  testAppForFile,
  PASSWORD,
  postFrom,
  registration,
  smsCodes,
  unique,
} from '../../../test/helper';

const testApp = testAppForFile(() => buildTestAppWithMail());
afterEach(() => vi.useRealTimers());

const post = (url: string, payload: object, ip = freshIp(), headers: Record<string, string> = {}) =>
  postFrom(testApp.app, url, payload, ip, headers);

async function registerAndCode(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const after = testApp.catcher.messages.length;
  const response = await post('/api/users/register', body);
  expect(response.statusCode, response.body).toBe(201);
  const code = body.email ? await testApp.catcher.waitForCode(String(body.email), { after }) : '';
  return { body, response, code };
}

async function userByUsername(username: string) {
  const [row] = await testApp.app.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error('no user');
  return row;
}

describe('register', () => {
  it('creates an unverified account and e-mails a 6-digit code (code in the subject, French text and HTML)', async () => {
    const { body, response, code } = await registerAndCode();
    expect(response.json()).toEqual({
      message: 'Inscription réussie ! Un code de vérification vous a été envoyé par email.',
      otpChannel: 'email',
      email: body.email,
      phone: null,
    });
    expect(code).toMatch(/^\d{6}$/);
    const mail = testApp.catcher.messages.findLast((m) => m.to.includes(body.email));
    expect(mail?.subject).toContain(code);
    expect(mail?.text).toContain(`Votre code de vérification est : ${code}`);
    expect(mail?.html).toContain(code);
    const row = await userByUsername(body.username);
    expect(row).toMatchObject({ isVerified: false, role: 'user', requestedAdminType: null, permissions: [] });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('stores the phone in E.164 whatever its written form, sends the code by SMS, and refuses the same number written otherwise', async () => {
    const username = unique('p');
    const response = await post('/api/users/register', registration({ username, email: '', phone: '677 12 34 56' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ otpChannel: 'sms', phone: '+237677123456', email: null });
    expect((await userByUsername(username)).phone).toBe('+237677123456');
    const [code] = smsCodes(testApp.dataDir, '+237677123456');
    expect(code).toMatch(/^\d{6}$/);

    for (const phone of ['+237677123456', '00237 6 77 12 34 56', '+237 677-12-34-56']) {
      const again = await post('/api/users/register', registration({ phone, email: '' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: 'Ce numéro de téléphone est déjà utilisé',
        fieldErrors: { phone: ['Ce numéro de téléphone est déjà utilisé'] },
      });
    }

    // A phone-only account is verified with { phone, otp } and signs in with any form of its number.
    const verify = await post('/api/users/verify-otp', { phone: '00237677123456', otp: code });
    expect(verify.statusCode, verify.body).toBe(200);
    const login = await post('/api/users/login', { identifier: '6 77 12 34 56', password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.username).toBe(username);
  });

  it('sends by SMS and by e-mail when both are given', async () => {
    const response = await post('/api/users/register', registration({ phone: '+237 699 11 22 33' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      otpChannel: 'both',
      message: 'Inscription réussie ! Un code de vérification vous a été envoyé par SMS et par email.',
    });
    expect(smsCodes(testApp.dataDir, '+237699112233')).toHaveLength(1);
  });

  it('names the duplicate field in French (username without regard to case, e-mail)', async () => {
    const { body } = await registerAndCode();
    const sameName = await post('/api/users/register', registration({ username: body.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      message: "Ce nom d'utilisateur est déjà utilisé",
      fieldErrors: { username: ["Ce nom d'utilisateur est déjà utilisé"] },
    });
    const sameEmail = await post('/api/users/register', registration({ email: body.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().fieldErrors).toEqual({ email: ['Cette adresse e-mail est déjà utilisée'] });
    const both = await post('/api/users/register', registration({ username: body.username, email: body.email }));
    expect(both.json().message).toBe("Déjà utilisés : nom d'utilisateur, adresse e-mail");
  });

  it('validates with French messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ confirmPassword: 'Other-Pass-99' }, 'confirmPassword', 'Les mots de passe ne correspondent pas'],
      [{ email: '', phone: '' }, 'email', 'Veuillez renseigner au moins un email ou un numéro de téléphone.'],
      [{ email: undefined, phone: '+237' }, 'email', 'Veuillez renseigner au moins un email ou un numéro de téléphone.'],
      [{ password: 'Ab1!xyz', confirmPassword: 'Ab1!xyz' }, 'password', 'Le mot de passe doit contenir au moins 8 caractères'],
      [
        { password: 'password123', confirmPassword: 'password123' },
        'password',
        'Ce mot de passe est trop courant. Choisissez-en un autre.',
      ],
      [{ email: 'pas-un-email' }, 'email', 'Adresse e-mail invalide'],
      [{ phone: '12' }, 'phone', 'Numéro de téléphone invalide'],
      [{ username: 'ab' }, 'username', "Le nom d'utilisateur doit contenir entre 3 et 30 caractères"],
      [{ username: 'a'.repeat(31) }, 'username', "Le nom d'utilisateur doit contenir entre 3 et 30 caractères"],
      [{ adminType: 'root' }, 'adminType', 'Type d’administrateur invalide'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await post('/api/users/register', registration(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().fieldErrors?.[field], JSON.stringify(overrides)).toContain(message);
    }
    const extra = await post('/api/users/register', { ...registration(), role: 'superadmin' });
    expect(extra.statusCode).toBe(400);
  });

  it('accepts a long passphrase without composition rules, and follows settings.passwordMinLength', async () => {
    const long = 'un long chemin vers douala sous la pluie '.repeat(2).slice(0, 80);
    const ok = await post('/api/users/register', registration({ password: long, confirmPassword: long }));
    expect(ok.statusCode, ok.body).toBe(201);
    const settings = await testApp.app.settings.get();
    await testApp.app.settings.save({ ...settings, security: { ...settings.security, passwordMinLength: 16 } }, null);
    try {
      const short = await post('/api/users/register', registration());
      expect(short.statusCode).toBe(400);
      expect(short.json().fieldErrors.password).toEqual(['Le mot de passe doit contenir au moins 16 caractères']);
    } finally {
      await testApp.app.settings.save(settings, null);
    }
  });

  it('e-mails the contact address about a new account when notifyOnRegistration is on, and not when it is off', async () => {
    const contact = (await testApp.app.settings.get()).general.contactEmail;
    const alerts = async () =>
      (await testApp.app.db.select().from(outboundMessages)).filter(
        (m) => m.recipient === contact && m.subject.startsWith('Nouvelle inscription'),
      ).length;
    const before = await alerts();
    await registerAndCode({ firstName: 'Brenda', lastName: 'Tchoupo' });
    expect(await alerts()).toBe(before + 1);

    const settings = await testApp.app.settings.get();
    await testApp.app.settings.save(
      { ...settings, notifications: { ...settings.notifications, notifyOnRegistration: false } },
      null,
    );
    try {
      await registerAndCode();
      expect(await alerts()).toBe(before + 1);
    } finally {
      await testApp.app.settings.save(settings, null);
    }
  });

  it('records a requested admin type as a pending administrator without any permission', async () => {
    const { body, code } = await registerAndCode({ adminType: 'superadmin' });
    const row = await userByUsername(body.username);
    expect(row).toMatchObject({ role: 'admin', requestedAdminType: 'superadmin', isAdminValidated: false, permissions: [] });
    expect((await post('/api/users/verify-otp', { email: body.email, otp: code })).statusCode).toBe(200);
    const login = await post('/api/users/login', { identifier: body.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      role: 'admin',
      isAdminValidated: false,
      permissions: [],
      requestedAdminType: 'superadmin',
    });
    const admin = await post('/api/users/register', registration({ adminType: 'admin' }));
    expect(admin.statusCode).toBe(201);
  });
});

describe('one-time codes', () => {
  it('verifies once: the same code is refused the second time, and the account can sign in', async () => {
    const { body, code } = await registerAndCode();
    const wrong = await post('/api/users/verify-otp', { email: body.email, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Code OTP invalide');
    const ok = await post('/api/users/verify-otp', { email: body.email, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Compte vérifié avec succès', email: body.email });
    expect((await userByUsername(body.username)).isVerified).toBe(true);
    const again = await post('/api/users/verify-otp', { email: body.email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Code OTP invalide');
  });

  it('expires after 300 s', async () => {
    const { body, code } = await registerAndCode();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    const late = await post('/api/users/verify-otp', { email: body.email, otp: code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Code OTP expiré. Demandez un nouveau code.');
  });

  it('is still valid just before 300 s', async () => {
    const { body, code } = await registerAndCode();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 295_000);
    expect((await post('/api/users/verify-otp', { email: body.email, otp: code })).statusCode).toBe(200);
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const { body, code } = await registerAndCode();
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 4; i++) {
      const response = await post('/api/users/verify-otp', { email: body.email, otp: wrongCode });
      expect(response.json().message).toBe('Code OTP invalide');
    }
    const fifth = await post('/api/users/verify-otp', { email: body.email, otp: wrongCode });
    expect(fifth.json().message).toBe('Trop de tentatives avec ce code. Demandez un nouveau code.');
    const right = await post('/api/users/verify-otp', { email: body.email, otp: code });
    expect(right.statusCode).toBe(400);
    expect((await userByUsername(body.username)).isVerified).toBe(false);
  });

  it('is resent at most once every 60 s (same answer either way), and a new code replaces the old one', async () => {
    const { body, code } = await registerAndCode();
    const before = testApp.catcher.messages.length;
    const soon = await post('/api/users/resend-otp', { email: body.email, phone: null });
    expect(soon.statusCode).toBe(200);
    expect(soon.json()).toEqual({ message: 'Nouveau code OTP envoyé !' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const resent = await post('/api/users/resend-otp', { email: body.email });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ message: 'Nouveau code OTP envoyé !' });
    const fresh = await testApp.catcher.waitForCode(body.email, { after: before });
    // Only one new e-mail: the early resend sent nothing.
    expect(testApp.catcher.messages.slice(before).filter((m) => m.to.includes(body.email))).toHaveLength(1);
    expect((await post('/api/users/verify-otp', { email: body.email, otp: code })).statusCode).toBe(fresh === code ? 200 : 400);
    if (fresh !== code) expect((await post('/api/users/verify-otp', { email: body.email, otp: fresh })).statusCode).toBe(200);
  });

  it('answers the same to a resend for an unknown contact', async () => {
    const response = await post('/api/users/resend-otp', { email: 'nobody-here@example.cm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Nouveau code OTP envoyé !' });
    const none = await post('/api/users/resend-otp', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Aucun contact trouvé. Veuillez vous réinscrire.');
  });

  it('sends no reset code to an e-mail not verified yet (decision 021); the verification code still verifies it', async () => {
    const { body, code } = await registerAndCode();
    const after = testApp.catcher.messages.length;
    expect((await post('/api/auth/reset-password', { email: body.email })).statusCode).toBe(200);
    expect((await post('/api/users/verify-otp', { email: body.email, otp: code })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(testApp.catcher.messages.slice(after).filter((m) => m.to.includes(body.email))).toEqual([]);
  });

  it('sends the confirmation e-mail only to a verified account, with the same answer', async () => {
    const { body, code } = await registerAndCode();
    const before = testApp.catcher.messages.length;
    const early = await post('/api/users/send-confirmation', { email: body.email });
    expect(early.statusCode).toBe(200);
    await post('/api/users/verify-otp', { email: body.email, otp: code });
    const confirm = await post('/api/users/send-confirmation', { email: body.email });
    expect(confirm.json()).toEqual(early.json());
    const mail = await testApp.catcher.waitFor((m) => m.to.includes(body.email) && m.subject.includes('vérifié'));
    expect(mail.text).toContain('Votre compte est vérifié');
    expect(testApp.catcher.messages.slice(before).filter((m) => m.to.includes(body.email))).toHaveLength(1);
  });
});

describe('messages the answer does not depend on (queued, decision 018)', () => {
  it('answers the confirmation request and the new password while the mail server hangs, then sends each e-mail once', async () => {
    const { body, code } = await registerAndCode();
    expect((await post('/api/users/verify-otp', { email: body.email, otp: code })).statusCode).toBe(200);
    const after = testApp.catcher.messages.length;
    expect((await post('/api/auth/reset-password', { email: body.email })).statusCode).toBe(200);
    const resetCode = await testApp.catcher.waitForCode(body.email, { after });
    const before = testApp.catcher.messages.length;
    const held = holdSends(testApp.app.notifications.email);
    try {
      const confirm = await post('/api/users/send-confirmation', { email: body.email });
      expect(confirm.json()).toEqual({ message: 'Un email de confirmation vous a été envoyé.' });
      const changed = await post('/api/auth/new-password', {
        email: body.email,
        otp: resetCode,
        newPassword: 'Nouveau-Passe-77',
      });
      expect(changed.json()).toEqual({ message: 'Mot de passe modifié avec succès' });
      const stored = await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, body.email));
      const bySubject = (part: string) => stored.filter((row) => row.subject.includes(part));
      expect(bySubject('votre compte est vérifié').map((row) => row.status)).toEqual(['pending']);
      expect(bySubject('a été modifié').map((row) => row.status)).toEqual(['pending']);
      await vi.waitFor(() => expect(held.spy.mock.calls.filter(([m]) => m.to === body.email)).toHaveLength(2));
      expect(testApp.catcher.messages.slice(before).filter((m) => m.to.includes(body.email))).toHaveLength(0);

      held.release();
      const confirmation = await testApp.catcher.waitFor((m) => m.to.includes(body.email) && m.subject.includes('vérifié'));
      expect(confirmation.text).toContain('Votre compte est vérifié');
      const notice = await testApp.catcher.waitFor((m) => m.to.includes(body.email) && m.subject.includes('a été modifié'));
      expect(notice.text).toContain('vient d’être modifié');
      await vi.waitFor(async () => {
        const rows = await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, body.email));
        expect(rows.every((row) => row.status === 'sent')).toBe(true);
      });
      await testApp.app.notifications.processDue();
      expect(testApp.catcher.messages.slice(before).filter((m) => m.to.includes(body.email))).toHaveLength(2);
    } finally {
      held.restore();
    }
  });
});

describe('login', () => {
  it('signs in with username, e-mail or phone and answers a user without secret, with its permissions', async () => {
    const user = await createUser(testApp.app, { phone: '+237655443322', role: 'admin', permissions: ['manage_events'] });
    for (const identifier of [user.username?.toUpperCase(), user.email?.toUpperCase(), '655 44 33 22']) {
      const response = await post('/api/users/login', { identifier, password: TEST_PASSWORD });
      expect(response.statusCode, `${identifier}: ${response.body}`).toBe(200);
      const json = response.json();
      expect(json.message).toBe('Connexion réussie !');
      expect(json.token).toMatch(/^[\w-]{43}$/);
      expect(json.user.permissions).toEqual(['manage_events']);
      expect(JSON.stringify(json)).not.toMatch(/argon2|passwordHash/);
    }
  });

  it('gives an unknown identifier and a wrong password the same answer', async () => {
    const user = await createUser(testApp.app);
    const unknown = await post('/api/users/login', { identifier: 'personne@example.cm', password: 'Whatever-123' });
    const wrong = await post('/api/users/login', { identifier: user.email, password: 'Whatever-123' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: 'Identifiants invalides', code: 'INVALID_CREDENTIALS' });
  });

  it('refuses empty fields with the form’s French messages', async () => {
    expect((await post('/api/users/login', { identifier: '', password: '' })).json().message).toBe(
      'Identifiant et mot de passe requis',
    );
    expect((await post('/api/users/login', { identifier: '', password: 'x' })).json().message).toBe('Identifiant requis');
    expect((await post('/api/users/login', { identifier: 'x', password: '' })).json().message).toBe('Mot de passe requis');
  });

  it('asks an unverified account for a code and sends a fresh one', async () => {
    const { body } = await registerAndCode();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const after = testApp.catcher.messages.length;
    const response = await post('/api/users/login', { identifier: body.username, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      requiresOTP: true,
      message: 'Un code OTP a été envoyé pour vérification',
      otpChannel: 'email',
    });
    const code = await testApp.catcher.waitForCode(body.email, { after });
    expect((await post('/api/users/verify-otp', { identifier: body.username, otp: code })).statusCode).toBe(200);
    expect((await post('/api/users/login', { identifier: body.username, password: PASSWORD })).statusCode).toBe(200);
  });

  it('after settings.maxLoginAttempts failures from one address, makes that address wait (30 s, then longer)', async () => {
    const user = await createUser(testApp.app);
    const ip = freshIp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let i = 1; i < 5; i++) {
      expect((await post('/api/users/login', { identifier: user.email, password: `Wrong-${i}-pass` }, ip)).statusCode).toBe(401);
    }
    const fifth = await post('/api/users/login', { identifier: user.email, password: 'Wrong-5-pass' }, ip);
    expect(fifth.statusCode).toBe(403);
    const lockUntil = new Date(fifth.json().lockUntil).getTime();
    expect(lockUntil).toBeGreaterThanOrEqual(start + 30_000);
    expect(lockUntil).toBeLessThan(start + 40_000);
    expect(fifth.json().message).toMatch(/^Compte bloqué\. Réessayez après \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // From this address (never signed in from it), even the right password waits.
    const during = await post('/api/users/login', { identifier: user.email, password: TEST_PASSWORD }, ip);
    expect(during.statusCode).toBe(403);
    vi.setSystemTime(lockUntil + 1000);
    const sixth = await post('/api/users/login', { identifier: user.email, password: 'Wrong-6-pass' }, ip);
    expect(sixth.statusCode).toBe(403);
    expect(new Date(sixth.json().lockUntil).getTime()).toBeGreaterThanOrEqual(lockUntil + 1000 + 60_000);
    vi.setSystemTime(new Date(sixth.json().lockUntil).getTime() + 1000);
    const after = await post('/api/users/login', { identifier: user.email, password: TEST_PASSWORD }, ip);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('counts only consecutive failures: a success starts again', async () => {
    const user = await createUser(testApp.app);
    for (let i = 0; i < 4; i++) await post('/api/users/login', { identifier: user.email, password: 'Wrong-pass-1' });
    expect((await post('/api/users/login', { identifier: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/users/login', { identifier: user.email, password: 'Wrong-pass-1' })).statusCode).toBe(401);
    }
  });

  it('refuses a blocked account', async () => {
    const user = await createUser(testApp.app, { isBlocked: true });
    const response = await post('/api/users/login', { identifier: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: 'Ce compte est bloqué. Contactez le support.' });
  });

  it('answers the session user, and refuses the token after logout', async () => {
    const user = await createUser(testApp.app);
    const login = await post('/api/users/login', { identifier: user.email, password: TEST_PASSWORD });
    const { token } = login.json();
    const me = await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ _id: user.id, email: user.email, status: 'active' });
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const after = await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('sets a new password with the e-mailed code and closes every session', async () => {
    const user = await createUser(testApp.app);
    const email = user.email as string;
    const first = (await post('/api/users/login', { identifier: email, password: TEST_PASSWORD })).json().token;
    const second = (await post('/api/users/login', { identifier: email, password: TEST_PASSWORD })).json().token;
    const after = testApp.catcher.messages.length;
    const reset = await post('/api/auth/reset-password', { email: email.toUpperCase() });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Un code de réinitialisation a été envoyé à votre adresse email' });
    const code = await testApp.catcher.waitForCode(email, { after });
    const mail = testApp.catcher.messages.findLast((m) => m.to.includes(email));
    expect(mail?.subject).toBe(`${code} est votre code de réinitialisation Évènements Cameroun`);

    const wrong = await post('/api/auth/new-password', {
      email,
      otp: code === '000000' ? '000001' : '000000',
      newPassword: 'Nouveau-Passe-77',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Code OTP invalide');
    const common = await post('/api/auth/new-password', { email, otp: code, newPassword: 'motdepasse1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors.newPassword).toEqual(['Ce mot de passe est trop courant. Choisissez-en un autre.']);

    const ok = await post('/api/auth/new-password', { email, otp: code, newPassword: 'Nouveau-Passe-77' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Mot de passe modifié avec succès' });
    for (const token of [first, second]) {
      expect((await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect((await post('/api/users/login', { identifier: email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/users/login', { identifier: email, password: 'Nouveau-Passe-77' })).statusCode).toBe(200);
    const reuse = await post('/api/auth/new-password', { email, otp: code, newPassword: 'Encore-Autre-88' });
    expect(reuse.statusCode).toBe(400);
  });

  it('answers the same whether or not the e-mail exists, and sends nothing for an unknown one', async () => {
    const user = await createUser(testApp.app);
    const before = testApp.catcher.messages.length;
    const known = await post('/api/auth/reset-password', { email: user.email });
    const unknown = await post('/api/auth/reset-password', { email: 'inconnu-total@example.cm' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    await testApp.catcher.waitFor((m) => m.to.includes(user.email as string));
    expect(testApp.catcher.messages.slice(before).some((m) => m.to.includes('inconnu-total@example.cm'))).toBe(false);
    const badCode = await post('/api/auth/new-password', {
      email: 'inconnu-total@example.cm',
      otp: '123456',
      newPassword: 'Nouveau-Passe-77',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe('Code OTP invalide');
  });
});

describe('rate limits', () => {
  it('counts failed sign-ins per address only after a wrong password: over the ceiling a wrong one gets 429, a right one still passes', {
    timeout: 180_000,
  }, async () => {
    const user = await createUser(testApp.app);
    const ip = freshIp();
    const ceiling = AUTH_LIMITS.loginFailures.max;
    const statuses: number[] = [];
    for (let i = 0; i < ceiling + 1; i += 10) {
      const batch = Array.from({ length: Math.min(10, ceiling + 1 - i) }, () =>
        post('/api/users/login', { identifier: unique('x'), password: 'x' }, ip),
      );
      statuses.push(...(await Promise.all(batch)).map((response) => response.statusCode));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(ceiling);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    // The right password of someone else behind that address is never refused by the limit.
    expect((await post('/api/users/login', { identifier: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
    expect((await post('/api/users/login', { identifier: unique('x'), password: 'x' }, ip)).statusCode).toBe(429);
  });

  it('never limits successful sign-ins from one address (many people share one address)', async () => {
    const user = await createUser(testApp.app);
    const ip = freshIp();
    for (let i = 0; i < 35; i++) {
      const response = await post('/api/users/login', { identifier: user.email, password: TEST_PASSWORD }, ip);
      expect(response.statusCode).toBe(200);
    }
  });

  it('never answers a reset request naming an account 429 because of others: what is sent is counted quietly', async () => {
    const user = await createUser(testApp.app);
    const email = user.email as string;
    const shared = freshIp();
    const statuses: number[] = [];
    // Strangers from five addresses, then six from the owner's own (shared) address, any case.
    for (let i = 0; i < 5; i++) statuses.push((await post('/api/auth/reset-password', { email })).statusCode);
    for (let i = 0; i < 6; i++) {
      statuses.push((await post('/api/auth/reset-password', { email: i % 2 ? email.toUpperCase() : email }, shared)).statusCode);
    }
    expect(statuses).toEqual(Array(11).fill(200));
    // The owner got a code, and no more than the caps allow (counted quietly, in the background).
    const resetCodes = async () =>
      (await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id))).filter(
        (code) => code.purpose === 'reset' && code.channel !== 'link',
      ).length;
    await vi.waitFor(async () => expect(await resetCodes()).toBeGreaterThan(0), { timeout: 10_000 });
    expect(await resetCodes()).toBeLessThanOrEqual(CODE_CAPS.perHour);
  });

  it('limits code checks and registrations per (address, account), not per address', async () => {
    const email = `${unique('v')}@example.cm`;
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/users/verify-otp', { email, otp: '123456' }, ip)).statusCode);
    expect(statuses[9]).toBe(400);
    expect(statuses[10]).toBe(429);
    expect((await post('/api/users/verify-otp', { email: `${unique('v')}@example.cm`, otp: '123456' }, ip)).statusCode).toBe(400);
    const username = unique('x');
    const register: number[] = [];
    for (let i = 0; i < 6; i++) register.push((await post('/api/users/register', { username }, ip)).statusCode);
    expect(register[4]).toBe(400);
    expect(register[5]).toBe(429);
    const others: number[] = [];
    for (let i = 0; i < 25; i++) others.push((await post('/api/users/register', { username: unique('x') }, ip)).statusCode);
    expect(others.every((status) => status === 400)).toBe(true);
  });
});

describe('register when the SMS provider fails', () => {
  let smsApp: TestApp;
  beforeAll(async () => {
    // A provider address where nothing listens: every SMS send fails.
    smsApp = await buildTestApp({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms', SMS_HTTP_TOKEN: 't' });
  });
  afterAll(async () => {
    await smsApp.close();
  });

  it('still creates the account, keeps the SMS for a retry and answers the notice with a WhatsApp contact', async () => {
    const username = unique('s');
    const response = await smsApp.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: registration({ username, email: '', phone: '677 98 76 54' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const json = response.json();
    expect(json.otpChannel).toBe('sms');
    expect(json.message).toBe("Inscription réussie ! L'envoi du code par SMS a rencontré un problème : nous réessayons.");
    expect(json.smsNotice).toContain('WhatsApp');
    expect(json.smsNotice).toContain('+237 6 77 00 00 00');
    const [row] = await smsApp.app.db.select().from(users).where(eq(users.username, username));
    expect(row?.phone).toBe('+237677987654');
    const messages = await smsApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, '+237677987654'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: 'pending', attempts: 1, channel: 'sms' });
  });
});
