import { ACCOUNT_MESSAGES } from '@app/shared/account';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { TEST_PASSWORD, createUser, tokenFor } from '../../../test/factories';
import { freshIp, request, signedIn, testAppForFile } from '../../../test/helper';

const testApp = testAppForFile(buildTestApp);

async function signIn(identifier: string, password: string, userAgent: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'user-agent': userAgent, 'x-forwarded-for': freshIp() },
    payload: { identifier, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

describe('signed-in devices (issue 27 item 8)', () => {
  it('lists the live sessions with their browser, marks this one, and signs out another device', async () => {
    const user = await createUser(testApp.app);
    const phone = await signIn(user.username as string, TEST_PASSWORD, 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile');
    const laptop = await signIn(user.username as string, TEST_PASSWORD, 'Mozilla/5.0 (Windows NT 10.0) Firefox/121');
    const listed = await request(testApp.app, 'GET', '/api/users/me/sessions', laptop);
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json() as { sessions: { id: string; userAgent: string; current: boolean }[] };
    expect(sessions.map((s) => [s.userAgent.includes('Firefox'), s.current]).sort()).toEqual([
      [false, false],
      [true, true],
    ]);
    const phoneSession = sessions.find((s) => !s.current);
    const revoked = await request(testApp.app, 'DELETE', `/api/users/me/sessions/${phoneSession?.id}`, laptop);
    expect(revoked.json()).toEqual({ message: ACCOUNT_MESSAGES.sessionRevoked });
    expect((await request(testApp.app, 'GET', '/api/users/me', phone)).statusCode).toBe(401);
    expect((await request(testApp.app, 'GET', '/api/users/me', laptop)).statusCode).toBe(200);
    // Already ended: 404.
    expect((await request(testApp.app, 'DELETE', `/api/users/me/sessions/${phoneSession?.id}`, laptop)).statusCode).toBe(404);
  });

  it("answers 404 for someone else's session and leaves it alone", async () => {
    const owner = await signedIn(testApp.app);
    const other = await signedIn(testApp.app);
    const [theirs] = (await request(testApp.app, 'GET', '/api/users/me/sessions', other)).json().sessions;
    const response = await request(testApp.app, 'DELETE', `/api/users/me/sessions/${theirs.id}`, owner);
    expect(response.statusCode).toBe(404);
    expect((await request(testApp.app, 'GET', '/api/users/me', other)).statusCode).toBe(200);
  });

  it("'Se déconnecter partout' ends every session, this one too", async () => {
    const user = await createUser(testApp.app);
    const one = await tokenFor(testApp.app, user);
    const two = await tokenFor(testApp.app, user);
    const response = await request(testApp.app, 'POST', '/api/users/me/sessions/revoke-all', one);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.allSessionsRevoked });
    expect((await request(testApp.app, 'GET', '/api/users/me', one)).statusCode).toBe(401);
    expect((await request(testApp.app, 'GET', '/api/users/me', two)).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    expect((await request(testApp.app, 'GET', '/api/users/me/sessions')).statusCode).toBe(401);
    expect((await request(testApp.app, 'POST', '/api/users/me/sessions/revoke-all')).statusCode).toBe(401);
  });
});

describe('change of password from the profile', () => {
  it('needs the current password, keeps this device and signs the others out', async () => {
    const user = await createUser(testApp.app);
    const here = await tokenFor(testApp.app, user);
    const elsewhere = await tokenFor(testApp.app, user);
    const wrong = await request(testApp.app, 'POST', '/api/users/me/password', here, {
      currentPassword: 'Not-The-Password-1',
      newPassword: 'Nouveau-Chemin-77',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toEqual([ACCOUNT_MESSAGES.wrongCurrentPassword]);
    expect((await request(testApp.app, 'GET', '/api/users/me', elsewhere)).statusCode).toBe(200);

    const changed = await request(testApp.app, 'POST', '/api/users/me/password', here, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Nouveau-Chemin-77',
    });
    expect(changed.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await request(testApp.app, 'GET', '/api/users/me', here)).statusCode).toBe(200);
    expect((await request(testApp.app, 'GET', '/api/users/me', elsewhere)).statusCode).toBe(401);
    await signIn(user.username as string, 'Nouveau-Chemin-77', 'test');
    const old = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-forwarded-for': freshIp() },
      payload: { identifier: user.username, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a weak or unchanged new password with the strength rules', async () => {
    const me = await signedIn(testApp.app);
    const weak = await request(testApp.app, 'POST', '/api/users/me/password', me, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toBeDefined();
    const same = await request(testApp.app, 'POST', '/api/users/me/password', me, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(same.json().fieldErrors.newPassword).toEqual([ACCOUNT_MESSAGES.samePassword]);
  });
});

describe('password tries per account', () => {
  it('answers 429 after 10 tries in 15 minutes, from any address', async () => {
    const me = await signedIn(testApp.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: { authorization: `Bearer ${me.token}`, 'x-forwarded-for': freshIp() },
        payload: { currentPassword: `Wrong-Guess-${i}`, newPassword: 'Nouveau-Chemin-77' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});
