import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestAppWithMail, testAppForFile } from '../../../test/helper';
import { oneTimeCodes } from '../../db/schema/index';

/** Issue 24, finding 10: five wrong codes from strangers do not stop the owner's reset (the link token). */

let ipCounter = 1;
const newIp = () => `10.24.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const NEW_PASSWORD = 'Baobab-Shade-77';

const testApp = testAppForFile(() => buildTestAppWithMail());

function post(url: string, payload: object, ip = newIp()) {
  return testApp.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
}

/** Asks for a reset and answers the code and the link's token from the e-mail. */
async function requestReset(email: string): Promise<{ code: string; token: string; text: string }> {
  const after = testApp.catcher.messages.length;
  expect((await post('/api/auth/reset-password', { email })).statusCode).toBe(200);
  const code = await testApp.catcher.waitForCode(email, { after });
  const mail = testApp.catcher.messages.filter((m, i) => i >= after && m.to.includes(email.toLowerCase())).at(-1);
  const match = mail?.text.match(/\/GetStarted\?reset=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/);
  expect(match, 'the reset e-mail carries the link').toBeTruthy();
  expect(mail?.html).toContain(`/GetStarted?reset=${match?.[1]}`);
  return { code, token: match?.[1] as string, text: mail?.text as string };
}

describe('reset link token (issue 24, finding 10)', () => {
  it('after five wrong codes from strangers, the owner still resets through the link, once', async () => {
    const user = await createUser(testApp.app);
    const email = user.email as string;
    const { code, token } = await requestReset(email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const answer = await post('/api/auth/new-password', { email, otp: wrong, newPassword: NEW_PASSWORD });
      expect(answer.statusCode).toBe(400);
    }
    // The code is dead: even the right one is refused now.
    expect((await post('/api/auth/new-password', { email, otp: code, newPassword: NEW_PASSWORD })).statusCode).toBe(400);

    const reset = await post('/api/auth/new-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/users/login', { identifier: email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);

    // Single use.
    const again = await post('/api/auth/new-password', { token, newPassword: 'Kapok-River-88' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OTP_INVALID');
  });

  it('a reset by the code ends the link, and a reset by the link ends the code', async () => {
    const user = await createUser(testApp.app);
    const email = user.email as string;
    const first = await requestReset(email);
    expect((await post('/api/auth/new-password', { email, otp: first.code, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/new-password', { token: first.token, newPassword: 'Kapok-River-88' })).statusCode).toBe(400);

    // A minute must pass between two reset e-mails: date the first one back.
    await testApp.app.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const second = await requestReset(email);
    expect((await post('/api/auth/new-password', { token: second.token, newPassword: 'Kapok-River-88' })).statusCode).toBe(200);
    expect((await post('/api/auth/new-password', { email, otp: second.code, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('an unknown, forged or expired token answers like a wrong code', async () => {
    const user = await createUser(testApp.app);
    const email = user.email as string;
    const { token } = await requestReset(email);
    const wrongCode = await post('/api/auth/new-password', {
      email: 'nobody-at-all@example.cm',
      otp: '123456',
      newPassword: NEW_PASSWORD,
    });
    const unknown = await post('/api/auth/new-password', {
      token: `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`,
      newPassword: NEW_PASSWORD,
    });
    const [id] = token.split('.');
    const forged = await post('/api/auth/new-password', { token: `${id}.${'B'.repeat(43)}`, newPassword: NEW_PASSWORD });
    for (const answer of [unknown, forged]) {
      expect(answer.statusCode).toBe(wrongCode.statusCode);
      expect(answer.json()).toEqual(wrongCode.json());
    }
    // Expired: the link lives as long as the code (300 s).
    await testApp.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.id, id as string));
    const expired = await post('/api/auth/new-password', { token, newPassword: NEW_PASSWORD });
    expect(expired.statusCode).toBe(wrongCode.statusCode);
    expect(expired.json()).toEqual(wrongCode.json());
    const stillOld = await post('/api/users/login', { identifier: email, password: NEW_PASSWORD });
    expect(stillOld.statusCode).not.toBe(200);
  });

  it('takes exactly one of the code or the token', async () => {
    const user = await createUser(testApp.app);
    const { code, token } = await requestReset(user.email as string);
    const both = await post('/api/auth/new-password', {
      email: user.email,
      otp: code,
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(both.statusCode).toBe(400);
    const neither = await post('/api/auth/new-password', { email: user.email, newPassword: NEW_PASSWORD });
    expect(neither.statusCode).toBe(400);
  });
});
