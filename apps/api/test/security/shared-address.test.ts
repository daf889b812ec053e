import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';
import { bearer, createUser, TEST_PASSWORD } from '../factories';

/**
 * Issue 24, finding 2: a carrier's NAT puts thousands of people behind one address. One abuser
 * among them must be limited alone: the others keep signing in, signing up and reading.
 */
let testApp: TestApp;
const CARRIER = '100.64.12.34';
const READS_PER_MINUTE = 50;

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_READ_RATE_PER_MINUTE: String(READS_PER_MINUTE) });
});
afterAll(async () => {
  await testApp.close();
});

function send(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method, url, payload, headers, remoteAddress: CARRIER });
}

const PASSWORD = 'Mango-Tree-2025';
// A waiting-list form opened a few seconds ago, as the landing page's island fetches it (decision 021).
const formToken = () => testApp.app.formTokens.issue(Date.now() - 5000);

describe('200 people behind one carrier address', () => {
  it('sign in, sign up and read while the one abuser among them is limited alone', { timeout: 300_000 }, async () => {
    const people = await Promise.all(Array.from({ length: 200 }, () => createUser(testApp.app)));
    const victim = people[0];
    if (!victim?.email) throw new Error('no victim');
    // The victim signed in on their phone before: the app kept its device token.
    const earlier = await send('POST', '/api/users/login', { identifier: victim.email, password: TEST_PASSWORD });
    const victimDevice = earlier.json().deviceToken as string;

    // The abuser, from the shared address.
    const abuse: Record<string, number[]> = { signIns: [], victim: [], waitlist: [], codes: [], registrations: [], reads: [] };
    for (let i = 0; i < 40; i++) {
      abuse.signIns?.push(
        (await send('POST', '/api/users/login', { identifier: `random-${i}@example.cm`, password: 'x' })).statusCode,
      );
    }
    for (let i = 0; i < 8; i++) {
      abuse.victim?.push(
        (await send('POST', '/api/users/login', { identifier: victim.email, password: `Wrong-${i}-pass` })).statusCode,
      );
    }
    for (let i = 0; i < 6; i++) {
      abuse.waitlist?.push(
        (await send('POST', '/api/waitlist', { name: 'Robot', phone: '+237650000000', formToken: formToken() })).statusCode,
      );
    }
    for (let i = 0; i < 11; i++) {
      abuse.codes?.push((await send('POST', '/api/users/verify-otp', { email: victim.email, otp: '123456' })).statusCode);
    }
    for (let i = 0; i < 6; i++) {
      abuse.registrations?.push((await send('POST', '/api/users/register', { username: 'robot', password: 'x' })).statusCode);
    }
    const abuser = await createUser(testApp.app);
    const abuserSession = (
      await send('POST', '/api/users/login', { identifier: abuser.email as string, password: TEST_PASSWORD })
    ).json().token as string;
    for (let i = 0; i < READS_PER_MINUTE + 1; i++) {
      abuse.reads?.push((await send('GET', '/api/events', undefined, bearer(abuserSession))).statusCode);
    }
    // Anonymous reads from the address use up its anonymous budget too.
    for (let i = 0; i < READS_PER_MINUTE + 1; i++) await send('GET', '/api/events?page=1');
    expect((await send('GET', '/api/events')).statusCode).toBe(429);

    // The abuser is limited.
    expect(abuse.signIns?.every((status) => status === 401)).toBe(true);
    expect(abuse.victim?.at(-1)).toBe(403);
    expect(abuse.waitlist?.at(-1)).toBe(429);
    expect(abuse.codes?.at(-1)).toBe(429);
    expect(abuse.registrations?.at(-1)).toBe(429);
    expect(abuse.reads?.at(-1)).toBe(429);

    // The victim's own device still signs in with the right password.
    expect(
      (await send('POST', '/api/users/login', { identifier: victim.email, password: TEST_PASSWORD, deviceToken: victimDevice }))
        .statusCode,
    ).toBe(200);

    // Everyone else behind that address: sign in, read signed in, join the waiting list, register,
    // check a code.
    const seen: Record<string, Set<number>> = {
      signIn: new Set(),
      read: new Set(),
      waitlist: new Set(),
      register: new Set(),
      code: new Set(),
    };
    for (const [index, person] of people.slice(1).entries()) {
      const signIn = await send('POST', '/api/users/login', { identifier: person.email as string, password: TEST_PASSWORD });
      seen.signIn?.add(signIn.statusCode);
      const session = bearer(signIn.json().token as string);
      for (let n = 0; n < 3; n++) seen.read?.add((await send('GET', '/api/events', undefined, session)).statusCode);
      const phone = `+2376510${String(index).padStart(5, '0')}`;
      seen.waitlist?.add((await send('POST', '/api/waitlist', { name: 'Abena', phone, formToken: formToken() })).statusCode);
      const username = `voisin_${index}`;
      const email = `${username}@example.cm`;
      const registration = await send('POST', '/api/users/register', {
        username,
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Abena',
        lastName: 'Mbarga',
      });
      seen.register?.add(registration.statusCode);
      seen.code?.add((await send('POST', '/api/users/verify-otp', { email, otp: '000000' })).statusCode);
    }
    expect(seen).toEqual({
      signIn: new Set([200]),
      read: new Set([200]),
      waitlist: new Set([201]),
      register: new Set([201]),
      code: new Set([400]),
    });
  });
});
