import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index';
import { newToken, sha256 } from '../src/lib/tokens';
import { buildTestApp, type TestApp } from './build-test-app';
import { type Identity, request, signedIn, superadminToken } from './helper';

/**
 * The sessions an instance has just checked are kept (decision 070) and never outlive a change:
 * a request's own change holds for the next request at once, a change made anywhere else as soon
 * as the database announces it.
 */
describe('the session cache', () => {
  let testApp: TestApp;
  let superadmin: string;
  beforeAll(async () => {
    // Kept for a minute: within a test, only a change can end a kept session.
    testApp = await buildTestApp({ SESSION_CACHE_TTL_MS: '60000' });
    superadmin = await superadminToken(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const me = (as: Identity | string) => request(testApp.app, 'GET', '/api/users/me', as);

  /** Changes rows without the triggers of migration 0054: a change the cache is not told of. */
  async function unannounced(
    change: (tx: Parameters<Parameters<TestApp['app']['db']['transaction']>[0]>[0]) => Promise<unknown>,
  ) {
    await testApp.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await change(tx);
    });
  }

  async function eventually(check: () => Promise<boolean>): Promise<boolean> {
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return check();
  }

  it('answers from the session it kept, and forgets it when the database announces a change to the account', async () => {
    const person = await signedIn(testApp.app);
    expect((await me(person)).statusCode).toBe(200);

    await unannounced((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, person.user.id)));
    // Not told: the kept session still answers (the cache is what answered).
    expect((await me(person)).statusCode).toBe(200);

    await testApp.app.db.execute(sql`select pg_notify('session_changed', ${person.user.id})`);
    expect(await eventually(async () => (await me(person)).statusCode === 401)).toBe(true);
  });

  it('ends a session revoked in the database by anything else than a request, once announced by the trigger', async () => {
    const person = await signedIn(testApp.app);
    expect((await me(person)).statusCode).toBe(200);
    await testApp.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, person.user.id));
    expect(await eventually(async () => (await me(person)).statusCode === 401)).toBe(true);
  });

  it('applies a block made in the database at once it is announced', async () => {
    const person = await signedIn(testApp.app);
    expect((await me(person)).statusCode).toBe(200);
    await testApp.app.db.update(users).set({ isBlocked: true }).where(eq(users.id, person.user.id));
    expect(await eventually(async () => (await me(person)).statusCode !== 200)).toBe(true);
  });

  it('refuses a signed-out token at the very next request', async () => {
    const person = await signedIn(testApp.app);
    expect((await me(person)).statusCode).toBe(200);
    expect((await request(testApp.app, 'POST', '/api/users/logout', person)).statusCode).toBe(200);
    expect((await me(person)).statusCode).toBe(401);
  });

  it('applies permissions granted or taken by a superadmin at the admin’s very next request', async () => {
    const admin = await signedIn(testApp.app, { role: 'admin', isAdminValidated: true, permissions: ['manage_partners'] });
    const listUsers = () => request(testApp.app, 'GET', '/api/businesses', admin);
    expect((await listUsers()).statusCode).toBe(200);

    const taken = await request(testApp.app, 'PUT', `/api/users/${admin.user.id}`, superadmin, { permissions: [] });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await listUsers()).statusCode).toBe(403);

    const granted = await request(testApp.app, 'PUT', `/api/users/${admin.user.id}`, superadmin, {
      permissions: ['manage_partners'],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await listUsers()).statusCode).toBe(200);
  });

  it('ends the sessions of an account blocked by a superadmin at its very next request', async () => {
    const person = await signedIn(testApp.app);
    expect((await me(person)).statusCode).toBe(200);
    const blocked = await request(testApp.app, 'PUT', `/api/users/${person.user.id}/block`, superadmin);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await me(person)).statusCode).toBe(401);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'keeps nothing while its listening connection is lost, and keeps again once it listens anew',
    async () => {
      const before = await signedIn(testApp.app);
      expect((await me(before)).statusCode).toBe(200);
      await testApp.app.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and (query ilike 'LISTEN%' or query ilike '%pg_notify%')`);
      // Lost: the kept session is forgotten, and a change nobody announces is seen at once.
      await unannounced((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, before.user.id)));
      expect(await eventually(async () => (await me(before)).statusCode === 401)).toBe(true);

      // Listening again (a second later): a session read is kept, even past a change nobody announces.
      const after = await signedIn(testApp.app);
      const kept = async () => {
        if ((await me(after)).statusCode !== 200) return false;
        await unannounced((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, after.user.id)));
        const answered = (await me(after)).statusCode;
        await unannounced((tx) => tx.update(sessions).set({ revokedAt: null }).where(eq(sessions.userId, after.user.id)));
        return answered === 200;
      };
      expect(await eventually(kept)).toBe(true);
    },
    15_000,
  );

  it('forgets every kept session when the sessions table is emptied at once (TRUNCATE)', async () => {
    const person = await signedIn(testApp.app);
    expect((await me(person)).statusCode).toBe(200);
    await testApp.app.db.execute(sql`truncate sessions`);
    expect(await eventually(async () => (await me(person)).statusCode === 401)).toBe(true);
  });

  it('does not keep a token it did not find: the session made for it afterwards counts at once', async () => {
    const person = await signedIn(testApp.app);
    const token = newToken();
    expect((await me(token)).statusCode).toBe(401);
    await testApp.app.db
      .insert(sessions)
      .values({ userId: person.user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3600_000) });
    expect((await me(token)).statusCode).toBe(200);
  });
});
