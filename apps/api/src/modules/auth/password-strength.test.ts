import { commonPasswordMessage, isCommonPassword, passwordStrength } from '@app/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { isBreachedPassword } from '../../lib/common-passwords';

/** Weak passwords that passed (issue 24 item 16, decision 024): leetspeak, sequences, years, local words. */

const WEAK = ['Camer00n!', 'C@meroun2024', 'Aa123456!', '12345678aA', 'Abcd1234!', 'MTN2024cm'];
/** The passwords of the demo seed, the e2e tests and the API tests' fixtures. */
const GOOD = [
  'Demo-Passw0rd!',
  'Admin-Passw0rd!',
  'Bench-Passw0rd!',
  'Correct-Horse-42',
  'Mango-Tree-2025',
  'Baobab-Shade-77',
  'Baobab-Soleil-42',
  'Membre-Passw0rd-42!',
  'Nouvel-Admin-42!',
  'Business-Pages-42!',
  'Events-Only-42!',
  'Partenaires-42!',
  'Secret-Passphrase-913',
  'Secret-Passw0rd',
  'Solide-Passw0rd',
  'Autre-Passw0rd!',
  'Nouveau-Passe-77',
  'Nouveau-Chemin-77',
  'Encore-Autre-88',
  'Other-Pass-99',
  'AMI-42_x',
  'r4nd0m-Pass',
  'qx7k2m#Wp',
];

let testApp: TestApp;
let counter = 0;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function register(password: string) {
  const username = `pw${counter++}x`;
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: { 'x-forwarded-for': `10.24.16.${counter}` },
    payload: {
      username,
      email: `${username}@example.cm`,
      password,
      confirmPassword: password,
      firstName: 'Awa',
      lastName: 'Ngono',
    },
  });
}

describe('weak passwords read back (leetspeak, sequences, years)', () => {
  it.each(WEAK)('refuses %s at registration', async (password) => {
    const response = await register(password);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors.password).toEqual([commonPasswordMessage]);
  });

  it('refuses them when resetting a password too', async () => {
    for (const password of WEAK) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/new-password',
        headers: { 'x-forwarded-for': `10.24.17.${counter++}` },
        payload: { email: 'someone@example.cm', otp: '123456', newPassword: password },
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().fieldErrors.newPassword, password).toEqual([commonPasswordMessage]);
    }
  });

  it.each(['Demo-Passw0rd!', 'Admin-Passw0rd!', 'Correct-Horse-42'])('still registers with %s', async (password) => {
    const response = await register(password);
    expect(response.statusCode, response.body).toBe(201);
  });

  it("gives the web's meter the server's verdict: 'Faible' for each weak one, above for the seed's and tests' passwords", () => {
    for (const password of WEAK) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordStrength(password).label, password).toBe('Faible');
    }
    for (const password of GOOD) {
      expect(isBreachedPassword(password), password).toBe(false);
      expect(isCommonPassword(password), password).toBe(false);
      expect(passwordStrength(password).score, password).toBeGreaterThanOrEqual(2);
    }
  });
});
