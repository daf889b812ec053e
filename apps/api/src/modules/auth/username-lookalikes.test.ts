import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { users } from '../../db/schema/index';
import { backfillUsernameSkeletons } from '../../db/username-skeletons';

/** Look-alike usernames by the full UTS #39 skeleton (issue 24 item 15, decision 024). */

let testApp: TestApp;
let ipCounter = 1;
const newIp = () => `10.24.15.${ipCounter++}`;
let contactCounter = 0;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function register(username: string) {
  const email = `lookalike${contactCounter++}@example.cm`;
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: { 'x-forwarded-for': newIp() },
    payload: {
      username,
      email,
      password: 'Mango-Tree-2025',
      confirmPassword: 'Mango-Tree-2025',
      firstName: 'Awa',
      lastName: 'Ngono',
    },
  });
}

const TAKEN = "Ce nom d'utilisateur est déjà utilisé";

describe('look-alike usernames (UTS #39 skeleton)', () => {
  it.each([
    ['admın, a dotless ı (U+0131) for i', 'admin', 'adm\u0131n'],
    ['a capital I for l', 'paulette', 'pauIette'],
    ['ɩ, the Latin iota (U+0269), for i', 'ivana', '\u0269vana'],
    ['ǀ, the dental click (U+01C0), for l', 'lucie', '\u01c0ucie'],
    ['rn for m', 'marie', 'rnarie'],
    ['m for rn, the other way round', 'bernard', 'bemard'],
  ])('refuses %s when the original exists', async (_case, original, lookalike) => {
    const [existing] = await testApp.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, original));
    if (!existing) expect((await register(original)).statusCode).toBe(201);
    const response = await register(lookalike);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(TAKEN);
  });

  it('refuses the original once its look-alike holds the name, and keeps names that only look different', async () => {
    expect((await register('ga\u0131lle')).statusCode).toBe(201);
    expect((await register('gaille')).statusCode).toBe(409);
    expect((await register('GAILLE')).statusCode).toBe(409);
    expect((await register('mariette')).statusCode).toBe(201);
    expect((await register('mariet')).statusCode).toBe(201);
    expect((await register('bill')).statusCode).toBe(201);
    expect((await register('biil')).statusCode).toBe(201);
  });

  it('gives their skeletons to accounts written before migration 0016, so they are compared too', async () => {
    await testApp.app.db.insert(users).values({ username: 'oldtimer', email: 'oldtimer@example.cm', passwordHash: 'x' });
    expect(await backfillUsernameSkeletons(testApp.app.db)).toBe(1);
    const [row] = await testApp.app.db.select().from(users).where(eq(users.username, 'oldtimer'));
    expect(row?.usernameSkeletons).toEqual(['oldtirner']);
    expect((await register('o\u01c0dtimer')).statusCode).toBe(409);
    expect(await backfillUsernameSkeletons(testApp.app.db)).toBe(0);
  });
});
