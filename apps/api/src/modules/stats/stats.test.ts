import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardStats, StatsCharts } from '@app/shared/stats';
import { rowsOf } from '../../db/rows-of';
import { events, partners, users, waitlistEntries } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../../test/factories';

let testApp: TestApp;
let app: FastifyInstance;
let manager: string;
let eventsOnly: string;

// "Now" for these tests: Sunday 22 November 2026, 10:00 in Douala.
const NOW = new Date('2026-11-22T09:00:00Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_users'] }));
  eventsOnly = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_events'] }));

  const accounts = [
    { plan: 'premium', createdAt: at('2026-11-20T10:00:00Z') },
    { plan: 'premium', createdAt: at('2026-11-16T00:30:00Z') },
    { plan: 'freemium', createdAt: at('2026-11-15T22:30:00Z') }, // Sunday 15, 23:30 in Douala: week of 9 Nov
    { plan: 'freemium', createdAt: at('2026-11-02T08:00:00Z') },
    { plan: 'freemium', createdAt: at('2026-06-01T08:00:00Z') }, // before the 90 days
  ] as const;
  for (const [index, account] of accounts.entries()) {
    await app.db.insert(users).values({ firstName: `U${index}`, email: `u${index}@stats.cm`, passwordHash: 'x', ...account });
  }

  await app.db.insert(partners).values([
    { name: 'Brasserie du Littoral', type: 'business', email: 'b@l.cm' },
    { name: 'Association Kribi Plage', type: 'association', email: 'a@k.cm' },
  ]);

  const event = (title: string, extra: Partial<typeof events.$inferInsert>) => ({
    title,
    description: 'd',
    address: 'a',
    city: 'Douala',
    category: 'concert',
    startDateTime: at('2026-12-10T18:00:00Z'),
    endDateTime: at('2026-12-10T22:00:00Z'),
    ...extra,
  });
  await app.db.insert(events).values([
    event('Festival Ngondo', {
      status: 'published',
      participantsCount: 120,
      likesCount: 40,
      viewsCount: 900,
      createdAt: at('2026-11-01T10:00:00Z'),
    }),
    event('Concert Makossa', {
      status: 'published',
      participantsCount: 120,
      likesCount: 55,
      viewsCount: 300,
      createdAt: at('2026-11-02T10:00:00Z'),
    }),
    event('Foire passée', {
      status: 'published',
      category: 'festival',
      participantsCount: 10,
      startDateTime: at('2026-10-01T10:00:00Z'),
      endDateTime: at('2026-10-01T20:00:00Z'),
      createdAt: at('2026-09-01T10:00:00Z'),
    }),
    event('Brouillon conférence', { status: 'draft', category: 'conference', createdAt: at('2026-11-21T10:00:00Z') }),
    event('Match annulé', {
      status: 'cancelled',
      category: 'sport',
      participantsCount: 5,
      createdAt: at('2026-11-03T10:00:00Z'),
    }),
  ]);

  const entry = (phone: string, status: 'pending' | 'approved' | 'rejected', createdAt: string) => ({
    name: `Personne ${phone.slice(-2)}`,
    phone,
    status,
    createdAt: at(createdAt),
  });
  await app.db.insert(waitlistEntries).values([
    entry('+237670000001', 'pending', '2026-11-22T08:00:00Z'),
    entry('+237670000002', 'pending', '2026-11-21T23:30:00Z'), // 22 Nov 00:30 in Douala
    entry('+237670000003', 'approved', '2026-11-21T22:30:00Z'), // 21 Nov 23:30 in Douala
    entry('+237670000004', 'rejected', '2026-11-01T12:00:00Z'),
    entry('+237670000005', 'approved', '2026-10-01T12:00:00Z'), // outside 30 days, inside 90
    entry('+237670000006', 'pending', '2026-01-01T12:00:00Z'),
  ]);
});
afterAll(async () => {
  await testApp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard statistics', () => {
  it('refuses anonymous callers and admins without manage_users, on both paths', async () => {
    for (const url of ['/api/stats/dashboard', '/api/admin/stats/dashboard']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: bearer(eventsOnly) })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats/charts', headers: bearer(eventsOnly) })).statusCode).toBe(
      403,
    );
  });

  it('answers both dashboard shapes (web and mobile) with the figures of the database', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const response = await app.inject({ method: 'GET', url: '/api/stats/dashboard', headers: bearer(manager) });
    expect(response.statusCode).toBe(200);
    const stats = response.json() as DashboardStats;
    expect(stats).toMatchObject({
      events: 5,
      totalEvents: 5,
      activeEvents: 2,
      businesses: 2,
      totalPartners: 2,
      waitlist: 6,
      waitlistStats: { total: 6, pending: 3, approved: 2, rejected: 1 },
      premiumUsers: 2,
      freemiumUsers: 3,
      totalUsers: 5,
      // No payment here (revenue.test.ts has them).
      monthlyRevenue: 0,
      revenueTracked: true,
    });
    // The two admins and the seeded superadmin are not users of the app.
    expect(stats.premiumUsers + stats.freemiumUsers).toBe(stats.totalUsers);
    expect(stats.recentEvents.map((e) => e.title)).toEqual([
      'Brouillon conférence',
      'Match annulé',
      'Concert Makossa',
      'Festival Ngondo',
      'Foire passée',
    ]);
    expect(stats.topEvents.slice(0, 3).map((e) => [e.title, e.participants, e.likes, e.views])).toEqual([
      ['Concert Makossa', 120, 55, 300],
      ['Festival Ngondo', 120, 40, 900],
      ['Foire passée', 10, 0, 0],
    ]);
    expect(stats.recentWaitlist.map((e) => e.phone)).toEqual([
      '+237670000001',
      '+237670000002',
      '+237670000003',
      '+237670000004',
      '+237670000005',
    ]);
    expect(stats.recentWaitlist[0]).toMatchObject({ firstName: 'Personne', lastName: '01', status: 'pending' });

    const prefixed = await app.inject({ method: 'GET', url: '/api/admin/stats/dashboard', headers: bearer(manager) });
    expect(prefixed.json()).toEqual(stats);
  });
});

describe('chart series', () => {
  async function charts(days?: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/stats/charts${days ? `?days=${days}` : ''}`,
      headers: bearer(manager),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as StatsCharts;
  }

  it('counts waiting-list sign-ups per Douala day over 30 days, zeros included', async () => {
    const result = await charts();
    expect(result.days).toBe(30);
    expect(result.waitlistDaily).toHaveLength(30);
    expect(result.waitlistDaily[0]?.date).toBe('2026-10-24');
    expect(result.waitlistDaily.at(-1)).toEqual({ date: '2026-11-22', count: 2 });
    expect(result.waitlistDaily.at(-2)).toEqual({ date: '2026-11-21', count: 1 });
    expect(result.waitlistDaily.find((d) => d.date === '2026-11-01')?.count).toBe(1);
    expect(result.waitlistDaily.reduce((sum, d) => sum + d.count, 0)).toBe(4);
  });

  it('covers 90 days on request and refuses another range', async () => {
    const result = await charts(90);
    expect(result.waitlistDaily).toHaveLength(90);
    expect(result.waitlistDaily.reduce((sum, d) => sum + d.count, 0)).toBe(5);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/stats/charts?days=7', headers: bearer(manager) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Période invalide (30 ou 90 jours)');
  });

  it('counts new accounts per week starting Monday, in Douala time', async () => {
    const result = await charts(30);
    expect(result.accountsWeekly[0]?.weekStart).toBe('2026-10-19');
    expect(result.accountsWeekly.at(-1)?.weekStart).toBe('2026-11-16');
    const byWeek = Object.fromEntries(result.accountsWeekly.map((w) => [w.weekStart, w.count]));
    expect(byWeek).toEqual({ '2026-10-19': 0, '2026-10-26': 0, '2026-11-02': 1, '2026-11-09': 1, '2026-11-16': 2 });
  });

  it('counts events by status and by category', async () => {
    const result = await charts();
    expect(result.eventsByStatus).toEqual([
      { key: 'draft', count: 1 },
      { key: 'published', count: 3 },
      { key: 'cancelled', count: 1 },
    ]);
    expect(result.eventsByCategory).toEqual([
      { key: 'concert', count: 2 },
      { key: 'conference', count: 1 },
      { key: 'festival', count: 1 },
      { key: 'sport', count: 1 },
    ]);
  });

  it('keeps its counts right through bulk inserts, status changes, counter bumps and deletes made in SQL', async () => {
    const db = app.db;
    const exact = async () => {
      const result = await db.execute(sql`select
        (select count(*)::int from waitlist_entries where status = 'pending') as pending,
        (select count(*)::int from waitlist_entries where status = 'approved') as approved,
        (select count(*)::int from events where status = 'published') as published,
        (select count(*)::int from events where category = 'art') as art,
        (select count(*)::int from users where role = 'user' and plan = 'premium') as premium`);
      const [row] = rowsOf<Record<string, number>>(result);
      if (!row) throw new Error('no counts');
      return row;
    };
    const shown = async () => {
      const dashboard = (
        await app.inject({ method: 'GET', url: '/api/stats/dashboard', headers: bearer(manager) })
      ).json() as DashboardStats;
      const chart = await charts();
      const count = (list: { key: string; count: number }[], key: string) => list.find((item) => item.key === key)?.count ?? 0;
      return {
        pending: dashboard.waitlistStats.pending,
        approved: dashboard.waitlistStats.approved,
        published: count(chart.eventsByStatus, 'published'),
        art: count(chart.eventsByCategory, 'art'),
        premium: dashboard.premiumUsers,
      };
    };
    const before = await exact();
    await db.execute(sql`insert into waitlist_entries (name, phone, status, search_text)
      select 'Lot ' || g, '+2376990' || lpad(g::text, 5, '0'), 'pending', 'lot ' || g from generate_series(1, 40) g`);
    await db.execute(sql`update waitlist_entries set status = 'approved' where name like 'Lot 1%'`);
    await db.execute(sql`delete from waitlist_entries where name like 'Lot 2%'`);
    await db.execute(sql`update events set category = 'art' where status = 'published'`);
    await db.execute(sql`update events set likes_count = likes_count + 1`);
    await db.execute(sql`update users set plan = 'premium' where plan = 'freemium' and role = 'user'`);
    await db.execute(sql`delete from events where status = 'draft'`);
    const after = await exact();
    expect(await shown()).toEqual(after);
    expect(Number(after.approved) - Number(before.approved)).toBe(11);
  });
});
