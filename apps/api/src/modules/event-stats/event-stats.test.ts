import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertEvent, type UserOverrides } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freshIp, type Identity, signedIn } from '../../../test/helper';
import { rowsOf } from '../../db/rows-of';
import { eventDailyStats, events, users } from '../../db/schema/index';
import { releaseCountersOf } from '../community/community.repository';
import { releaseDailyOf } from './event-stats.repository';

/*
 * The daily roll-up of an event's statistics (decision 040) against the raw rows, its reading
 * (owner or manage_events, 404 for anyone else) and the premium gate of its detail.
 */

let testApp: TestApp;
let app: FastifyInstance;
let organizer: Identity;
let stranger: Identity;
let eventsManager: Identity;

const person = (overrides: UserOverrides = {}) => signedIn(app, overrides);
const makeEvent = (organizerId = organizer.user.id) => insertEvent(app, organizerId);

function view(eventId: string, query: string, client: { ip?: string; ua?: string; token?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/views${query}`,
    headers: {
      'x-forwarded-for': client.ip ?? freshIp(),
      'user-agent': client.ua ?? 'Mozilla/5.0 test',
      ...(client.token ? bearer(client.token) : {}),
    },
  });
}

/** The counts over raw rows per Douala day, in the roll-up's columns. */
async function rawPerDay(eventId: string) {
  const result = await app.db.execute(sql`
    select day::text as day, sum(v)::int as visitors, sum(p)::int as participants, sum(l)::int as likes, sum(c)::int as comments
    from (
      select day, 1 as v, 0 as p, 0 as l, 0 as c from event_views where event_id = ${eventId}
      union all select ((created_at at time zone 'UTC') + interval '1 hour')::date, 0, 1, 0, 0 from event_participations where event_id = ${eventId}
      union all select ((created_at at time zone 'UTC') + interval '1 hour')::date, 0, 0, 1, 0 from event_likes where event_id = ${eventId}
      union all select ((created_at at time zone 'UTC') + interval '1 hour')::date, 0, 0, 0, 1 from event_comments where event_id = ${eventId}
    ) facts group by day order by day`);
  return rowsOf<{ day: string; visitors: number; participants: number; likes: number; comments: number }>(result).map((row) => ({
    ...row,
    visitors: Number(row.visitors),
    participants: Number(row.participants),
    likes: Number(row.likes),
    comments: Number(row.comments),
  }));
}

async function rollUp(eventId: string) {
  const rows = await app.db
    .select()
    .from(eventDailyStats)
    .where(eq(eventDailyStats.eventId, eventId))
    .orderBy(eventDailyStats.day);
  return rows.filter((row) => row.visitors || row.participants || row.likes || row.comments);
}

async function expectRollUpEqualsRows(eventId: string) {
  const rows = await rollUp(eventId);
  expect(
    rows.map(({ day, visitors, participants, likes, comments }) => ({ day, visitors, participants, likes, comments })),
  ).toEqual(await rawPerDay(eventId));
  for (const row of rows) {
    expect(row.srcWhatsapp + row.srcFacebook + row.srcDirect + row.srcReferral + row.srcOther).toBe(row.visitors);
  }
  const [event] = await app.db.select().from(events).where(eq(events.id, eventId));
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  expect(sum((row) => row.visitors)).toBe(event?.viewsCount);
  expect(sum((row) => row.participants)).toBe(event?.participantsCount);
  expect(sum((row) => row.likes)).toBe(event?.likesCount);
  expect(sum((row) => row.comments)).toBe(event?.commentsCount);
}

function stats(eventId: string, token: string) {
  return app.inject({ method: 'GET', url: `/api/events/${eventId}/stats`, headers: bearer(token) });
}

async function setPremium(userId: string, plan: 'premium' | 'freemium', premiumUntil: Date | null = null) {
  await app.db.update(users).set({ plan, premiumUntil }).where(eq(users.id, userId));
}

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  organizer = await person({ firstName: 'Aïcha', lastName: 'Bello' });
  stranger = await person();
  eventsManager = await person({ role: 'admin', permissions: ['manage_events'] });
});
afterAll(async () => {
  await testApp.close();
});

describe('the daily roll-up', () => {
  it('equals the raw rows after views from several sources, joins, likes, comments and their undoing', async () => {
    const event = await makeEvent();
    const members = await Promise.all([person(), person(), person()]);
    const [first, second, third] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];

    // Five visitors, five sources; one comes back (a display, not a visitor); the organiser never counts.
    const back = { ip: freshIp(), ua: 'Mozilla/5.0 returning' };
    expect((await view(event.id, '?src=whatsapp', back)).json()).toMatchObject({ counted: true });
    expect((await view(event.id, '', back)).json()).toMatchObject({ counted: false });
    await view(event.id, `?from=${encodeURIComponent('https://l.facebook.com/l.php?u=x')}`);
    await view(event.id, '');
    await view(event.id, `?from=${encodeURIComponent('https://www.google.com/')}`);
    await view(event.id, '?src=referral', { token: first.token });
    expect((await view(event.id, '?src=whatsapp', { token: organizer.token })).json()).toMatchObject({ counted: false });

    for (const member of members) {
      const joined = await app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/participants`,
        headers: bearer(member.token),
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    await app.inject({ method: 'DELETE', url: `/api/events/${event.id}/participants/me`, headers: bearer(third.token) });
    for (const member of [first, second]) {
      const liked = await app.inject({ method: 'PUT', url: `/api/events/${event.id}/like`, headers: bearer(member.token) });
      expect(liked.statusCode, liked.body).toBe(200);
    }
    await app.inject({ method: 'DELETE', url: `/api/events/${event.id}/like`, headers: bearer(second.token) });
    const comments = [];
    for (const text of ['Super !', 'J’y serai', 'À samedi']) {
      const posted = await app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/comments`,
        headers: bearer(first.token),
        payload: { text },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      comments.push(posted.json().comment._id as string);
    }
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/comments/${comments[0]}`,
      headers: bearer(first.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);

    await expectRollUpEqualsRows(event.id);
    const [today] = await rollUp(event.id);
    expect(today).toMatchObject({
      views: 6,
      visitors: 5,
      participants: 2,
      likes: 1,
      comments: 2,
      srcWhatsapp: 1,
      srcFacebook: 1,
      srcDirect: 1,
      srcReferral: 1,
      srcOther: 1,
    });

    // An account deleted: its rows leave the days they were made on, as they leave the counters.
    await app.db.transaction(async (tx) => {
      await releaseCountersOf(tx, first.user.id);
      await releaseDailyOf(tx, first.user.id);
      await tx.delete(users).where(eq(users.id, first.user.id));
    });
    await expectRollUpEqualsRows(event.id);
  });

  it('the migration’s backfill gives the same numbers from the rows already there', async () => {
    const event = await makeEvent();
    const member = await person();
    await view(event.id, '?src=facebook');
    await view(event.id, '');
    await app.inject({ method: 'POST', url: `/api/events/${event.id}/participants`, headers: bearer(member.token) });
    await app.inject({ method: 'PUT', url: `/api/events/${event.id}/like`, headers: bearer(member.token) });
    const before = await rollUp(event.id);

    const here = path.dirname(fileURLToPath(import.meta.url));
    const migration = fs.readFileSync(path.join(here, '../../db/migrations/0027_event_daily_stats.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO "event_daily_stats"'));
    expect(backfill).toBeTruthy();
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`delete from event_daily_stats`);
      await tx.execute(sql.raw(backfill ?? ''));
    });
    await expectRollUpEqualsRows(event.id);
    const after = await rollUp(event.id);
    // Sources before the roll-up are unknown: 'other'.
    expect(after.map((row) => [row.visitors, row.srcOther])).toEqual(before.map((row) => [row.visitors, row.visitors]));
  });
});

describe('GET /events/:id/stats', () => {
  it('is the organiser’s (and manage_events’): anyone else gets 404, an anonymous caller 401', async () => {
    const event = await makeEvent();
    await view(event.id, '?src=whatsapp');
    expect((await stats(event.id, organizer.token)).statusCode).toBe(200);
    expect((await stats(event.id, eventsManager.token)).statusCode).toBe(200);
    const other = await stats(event.id, stranger.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'Événement introuvable' });
    expect((await stats('00000000-0000-4000-8000-000000000000', organizer.token)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}/stats` })).statusCode).toBe(401);
  });

  it('gives totals to every organiser, the days and sources with premium (until it ends)', async () => {
    const owner = await person();
    const event = await makeEvent(owner.user.id);
    const member = await person();
    await view(event.id, '?src=whatsapp');
    await view(event.id, '?src=wa');
    await view(event.id, '', { token: member.token });
    await app.inject({ method: 'POST', url: `/api/events/${event.id}/participants`, headers: bearer(member.token) });

    const free = (await stats(event.id, owner.token)).json();
    expect(free).toMatchObject({
      premium: false,
      daily: null,
      sources: null,
      totals: { views: 3, visitors: 3, participants: 1, likes: 0, comments: 0 },
    });
    expect(free.totals.conversionRate).toBeCloseTo(1 / 3);

    await setPremium(owner.user.id, 'premium', new Date(Date.now() + 86_400_000));
    const paid = (await stats(event.id, owner.token)).json();
    expect(paid.premium).toBe(true);
    expect(paid.sources).toEqual({ whatsapp: 2, facebook: 0, direct: 1, referral: 0, other: 0 });
    expect(paid.daily).toHaveLength(1);
    expect(paid.daily[0]).toMatchObject({ views: 3, visitors: 3, participants: 1 });

    await setPremium(owner.user.id, 'premium', new Date(Date.now() - 1000));
    expect((await stats(event.id, owner.token)).json()).toMatchObject({ premium: false, daily: null });
    await setPremium(owner.user.id, 'premium', null);
    expect((await stats(event.id, owner.token)).json()).toMatchObject({ premium: true });
  });

  it('fills the days without a figure with zeros, oldest first', async () => {
    const event = await makeEvent();
    await setPremium(organizer.user.id, 'premium');
    await app.db.insert(eventDailyStats).values([
      { eventId: event.id, day: '2026-03-01', views: 4, visitors: 3, srcDirect: 3 },
      { eventId: event.id, day: '2026-03-04', views: 2, visitors: 2, srcOther: 2, participants: 1 },
    ]);
    const body = (await stats(event.id, organizer.token)).json();
    expect(body.daily.map((day: { date: string; views: number }) => [day.date, day.views])).toEqual([
      ['2026-03-01', 4],
      ['2026-03-02', 0],
      ['2026-03-03', 0],
      ['2026-03-04', 2],
    ]);
    expect(body.totals).toMatchObject({ views: 6, visitors: 5, participants: 1 });
    await setPremium(organizer.user.id, 'freemium');
  });
});
