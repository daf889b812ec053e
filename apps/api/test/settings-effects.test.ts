import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Settings } from '@app/shared/settings';
import { outboundMessages } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './build-test-app';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from './factories';

/** Each of these settings has a test that fails when the code ignores it. */
let testApp: TestApp;
let defaults: Settings;
let ipCounter = 1;
const newIp = () => `10.6.0.${ipCounter++}`;

beforeAll(async () => {
  testApp = await buildTestApp();
  defaults = await testApp.app.settings.get();
});
afterAll(async () => {
  await testApp.close();
});
afterEach(async () => {
  vi.useRealTimers();
  await testApp.app.settings.save(defaults, null);
});

function change(patch: (s: Settings) => void) {
  const next = structuredClone(defaults);
  patch(next);
  return testApp.app.settings.save(next, null);
}

async function teamMails(): Promise<number> {
  return (
    await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, defaults.general.contactEmail))
  ).length;
}

const me = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('security.sessionTimeout', () => {
  it('a session opened with sessionTimeout = 2 ends after 2 hours of a moved clock', async () => {
    await change((s) => (s.security.sessionTimeout = 2));
    const user = await createUser(testApp.app);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': newIp() },
    });
    const token = login.json().token as string;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 119 * 60_000);
    expect((await me(token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a shorter sessionTimeout also shortens the sessions already open', async () => {
    const token = await tokenFor(testApp.app, await createUser(testApp.app)); // 24 h
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 3600_000);
    expect((await me(token)).statusCode).toBe(200);
    await change((s) => (s.security.sessionTimeout = 2));
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('security.requireEmailVerification', () => {
  it('an unverified account signs in when verification is off, and is asked for a code when on', async () => {
    const user = await createUser(testApp.app, { isVerified: false });
    const login = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { identifier: user.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-for': newIp() },
      });
    const on = await login();
    expect(on.statusCode).toBe(403);
    expect(on.json().code).toBe('OTP_REQUIRED');
    await change((s) => (s.security.requireEmailVerification = false));
    const off = await login();
    expect(off.statusCode, off.body).toBe(200);
  });

  it('an unverified account signed in while verification was off loses its session when it is switched back on', async () => {
    await change((s) => (s.security.requireEmailVerification = false));
    const user = await createUser(testApp.app, { isVerified: false });
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const me = () => testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(signIn.json().token) });
    expect((await me()).statusCode).toBe(200);
    await change((s) => (s.security.requireEmailVerification = true));
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    // A verified account's session is untouched by the setting.
    const verified = await createUser(testApp.app);
    const verifiedMe = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(await tokenFor(testApp.app, verified)),
    });
    expect(verifiedMe.statusCode).toBe(200);
  });
});

describe('notifications.emailNotifications and notifyOnEventUpdate', () => {
  const register = (username: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'x-forwarded-for': newIp() },
      payload: {
        username,
        email: `${username}@example.cm`,
        password: 'Mango-Tree-2025',
        confirmPassword: 'Mango-Tree-2025',
        firstName: 'Awa',
        lastName: 'Ngono',
      },
    });

  it('no team e-mail when emailNotifications is off, exactly one when on', async () => {
    await change((s) => (s.notifications.emailNotifications = false));
    let before = await teamMails();
    expect((await register('notif_off')).statusCode).toBe(201);
    expect(await teamMails()).toBe(before);
    await change((s) => (s.notifications.emailNotifications = true));
    before = await teamMails();
    expect((await register('notif_on')).statusCode).toBe(201);
    expect(await teamMails()).toBe(before + 1);
  });

  it('an event update e-mails the team once when notifyOnEventUpdate is on, never when off', async () => {
    const token = await tokenFor(testApp.app, await createUser(testApp.app));
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(token),
      payload: {
        title: 'Marché de Noël',
        description: 'Artisanat',
        startDateTime: '2027-12-20T10:00:00+01:00',
        endDateTime: '2027-12-20T18:00:00+01:00',
        location: { address: 'Place de l’Indépendance', city: 'Douala' },
        category: 'festival',
      },
    });
    const id = created.json().event._id as string;
    const update = (title: string) =>
      testApp.app.inject({ method: 'PUT', url: `/api/events/${id}`, headers: bearer(token), payload: { title } });
    await change((s) => (s.notifications.notifyOnEventUpdate = false));
    let before = await teamMails();
    expect((await update('Marché de Noël 2027')).statusCode).toBe(200);
    expect(await teamMails()).toBe(before);
    await change((s) => (s.notifications.notifyOnEventUpdate = true));
    before = await teamMails();
    expect((await update('Grand marché de Noël')).statusCode).toBe(200);
    expect(await teamMails()).toBe(before + 1);
  });
});
