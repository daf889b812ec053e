import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adCampaignDays,
  adCampaigns,
  eventComments,
  payments,
  events,
  referralStats,
  rewardGrants,
  rewardRules,
  userReports,
  users,
  waitlistEntries,
} from '../src/db/schema/index';
import { seedDemo } from '../src/db/seed-demo';
import { buildTestApp, type TestApp } from './build-test-app';
import { rowCounts } from './helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function counts() {
  const db = testApp.app.db;
  const stats = await db.select().from(referralStats);
  return {
    ...(await rowCounts(db, {
      waitlist: waitlistEntries,
      users,
      events,
      rules: rewardRules,
      grants: rewardGrants,
      campaigns: adCampaigns,
    })),
    signups: stats.reduce((sum, row) => sum + row.signups, 0),
    clicks: stats.reduce((sum, row) => sum + row.clicks, 0),
  };
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
    // Referrals: referrers with clicks and sign-ups, two rules, grants in each status.
    expect(first).toMatchObject({ rules: 2, signups: 8, clicks: 36 });
    const grantStatuses = (await testApp.app.db.select({ s: rewardGrants.status }).from(rewardGrants)).map((r) => r.s);
    expect(new Set(grantStatuses)).toEqual(new Set(['pending', 'granted', 'revoked']));
    const aicha = (await testApp.app.db.select().from(users)).find((u) => u.email === 'aicha@exemple.cm');
    expect(aicha?.plan).toBe('premium');
    expect(aicha?.premiumUntil?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await seedDemo(testApp.app);
    expect(await counts()).toEqual(first);
  });

  it('adds campaigns in each status: the paid ones with their payment, the running ones with their days', async () => {
    await seedDemo(testApp.app);
    const campaigns = await testApp.app.db.select().from(adCampaigns);
    expect(new Set(campaigns.map((campaign) => campaign.status))).toEqual(
      new Set(['unpaid', 'pending_review', 'approved', 'refused', 'suspended', 'stopped']),
    );
    const paid = await testApp.app.db.select().from(payments).where(eq(payments.plan, 'campaign'));
    expect(paid.map((payment) => payment.status).sort()).toEqual([
      'refunded',
      'successful',
      'successful',
      'successful',
      'successful',
      'successful',
    ]);
    const [running] = await testApp.app.db.select({ n: count() }).from(adCampaignDays);
    expect(running?.n).toBeGreaterThan(0);
  });

  it('tags the demo events in French, also those an older seed tagged in English', async () => {
    await seedDemo(testApp.app);
    const db = testApp.app.db;
    const ndole = async () => (await db.select().from(events).where(eq(events.title, 'Nuit du Ndolé')))[0];
    expect((await ndole())?.tags).toEqual(['Kribi', 'gastronomie', 'cuisine', 'plage']);
    const english = ['douala', 'training'];
    await db.update(events).set({ tags: english }).where(eq(events.title, 'Atelier développement web'));
    await db
      .update(events)
      .set({ tags: ['à garder'] })
      .where(eq(events.title, 'Nuit du Ndolé'));
    await seedDemo(testApp.app);
    const atelier = (await db.select().from(events).where(eq(events.title, 'Atelier développement web')))[0];
    expect(atelier?.tags).toEqual(['Douala', 'formation', 'informatique', 'atelier']);
    // Tags an administrator changed are left alone.
    expect((await ndole())?.tags).toEqual(['à garder']);
    const all = (await db.select({ tags: events.tags }).from(events)).flatMap((row) => row.tags);
    for (const word of ['food', 'training', 'business', 'conference', 'other']) expect(all).not.toContain(word);
  });

  it('adds a living community whose counters equal its rows, and a few open reports', async () => {
    await seedDemo(testApp.app);
    const db = testApp.app.db;
    const mismatched = await db.execute(sql`
      select e.id from events e
      where e.participants_count <> (select count(*) from event_participations p where p.event_id = e.id)
         or e.likes_count <> (select count(*) from event_likes l where l.event_id = e.id)
         or e.comments_count <> (select count(*) from event_comments c where c.event_id = e.id)
         or e.views_count <> (select count(*) from event_views v where v.event_id = e.id)`);
    const rows = Array.isArray(mismatched) ? mismatched : (mismatched as { rows: unknown[] }).rows;
    expect(rows).toEqual([]);
    const [popular] = await db.select({ n: count() }).from(events).where(sql`${events.participantsCount} > 0`);
    expect(popular?.n).toBeGreaterThan(0);
    const [comments] = await db.select({ n: count() }).from(eventComments);
    expect(comments?.n).toBeGreaterThan(0);
    const [open] = await db.select({ n: count() }).from(userReports).where(eq(userReports.status, 'open'));
    expect(open?.n).toBeGreaterThanOrEqual(3);
    const [reported] = await db.select({ n: count() }).from(users).where(sql`${users.openReportsCount} > 0`);
    expect(reported?.n).toBe(2);
  });
});
