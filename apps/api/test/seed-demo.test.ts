import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users, waitlistEntries } from '../src/db/schema/index';
import { seedDemo } from '../src/db/seed-demo';
import { buildTestApp, type TestApp } from './build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function counts() {
  const db = testApp.app.db;
  const [w] = await db.select({ n: count() }).from(waitlistEntries);
  const [u] = await db.select({ n: count() }).from(users);
  const [e] = await db.select({ n: count() }).from(events);
  return { waitlist: w?.n, users: u?.n, events: e?.n };
}

describe('demo seed', () => {
  it('adds events in every status, waiting-list entries in every status and a pending admin, and is idempotent', async () => {
    await seedDemo(testApp.app);
    const first = await counts();
    const statuses = new Set((await testApp.app.db.select({ s: events.status }).from(events)).map((r) => r.s));
    expect([...statuses].sort()).toEqual(['cancelled', 'draft', 'published']);
    const waitStatuses = new Set(
      (await testApp.app.db.select({ s: waitlistEntries.status }).from(waitlistEntries)).map((r) => r.s),
    );
    expect(waitStatuses.size).toBe(3);
    const pendingAdmins = (await testApp.app.db.select().from(users)).filter((u) => u.role === 'admin' && !u.isAdminValidated);
    expect(pendingAdmins.length).toBeGreaterThan(0);
    await seedDemo(testApp.app);
    expect(await counts()).toEqual(first);
  });
});
