import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditLog, eventComments, eventLikes, events, userReports, users } from '../../db/schema/index';
import type { UserRow } from '../../db/schema/index';

let testApp: TestApp;
let app: FastifyInstance;
let moderator: { user: UserRow; token: string };
let adminsManager: { user: UserRow; token: string };

async function person(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, overrides);
  return { user, token: await tokenFor(app, user) };
}

function report(token: string, targetId: string, payload: object = { reason: 'spam' }) {
  return app.inject({ method: 'POST', url: `/api/users/${targetId}/reports`, headers: bearer(token), payload });
}

async function openCount(userId: string) {
  const [row] = await app.db.select({ n: users.openReportsCount }).from(users).where(eq(users.id, userId));
  const [rows] = await app.db
    .select({ n: count() })
    .from(userReports)
    .where(and(eq(userReports.targetId, userId), eq(userReports.status, 'open')));
  return { counter: row?.n, rows: rows?.n };
}

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  moderator = await person({ role: 'admin', permissions: ['manage_users'] });
  adminsManager = await person({ role: 'admin', permissions: ['manage_admins'] });
});
afterAll(async () => {
  await testApp.close();
});

describe('reporting a user', () => {
  it('one open report per reporter and target; nobody reports themself; unknown 404; blocked 409', async () => {
    const reporter = await person();
    const target = await person();
    const first = await report(reporter.token, target.user.id, { reason: 'harassment', details: '  Messages insultants  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().report).toMatchObject({ reason: 'harassment', details: 'Messages insultants', status: 'open' });
    // What the reporter sent, its id, status and date: never the target's name, e-mail or role (issue 24).
    expect(Object.keys(first.json().report).sort()).toEqual([
      '_id',
      'createdAt',
      'details',
      'reason',
      'status',
      'targetId',
      'targetType',
    ]);
    expect(first.body).not.toContain(target.user.email as string);
    const twice = await report(reporter.token, target.user.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REPORT_EXISTS');
    const self = await report(reporter.token, reporter.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'SELF_REPORT', message: 'Vous ne pouvez pas vous signaler vous-même' });
    expect((await report(reporter.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const badReason = await report(reporter.token, target.user.id, { reason: 'boring' });
    expect(badReason.statusCode).toBe(400);
    const blocked = await person({ isBlocked: true });
    expect((await report(reporter.token, blocked.user.id)).json().code).toBe('USER_BLOCKED');
    expect(await openCount(target.user.id)).toEqual({ counter: 1, rows: 1 });
    expect(await openCount(reporter.user.id)).toEqual({ counter: 0, rows: 0 });
    expect(await openCount(blocked.user.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('limits reports per account (429, French)', async () => {
    const reporter = await person();
    const targets = await Promise.all(Array.from({ length: 6 }, () => person()));
    const answers = [];
    for (const t of targets) answers.push(await report(reporter.token, t.user.id));
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]?.statusCode).toBe(429);
    expect(answers[5]?.json().message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ secondes\.$/);
  });
});

describe('moderation queue', () => {
  it('lists open reports newest first; a report on an admin goes to manage_admins only', async () => {
    const reporter = await person({ firstName: 'Rita', lastName: 'Reporter' });
    const rude = await person({ firstName: 'Roger', lastName: 'Rude' });
    const badAdmin = await person({ role: 'admin', permissions: ['manage_events'], firstName: 'Alain', lastName: 'Admin' });
    await report(reporter.token, rude.user.id, { reason: 'spam' });
    await report(reporter.token, badAdmin.user.id, { reason: 'scam' });

    const users = await app.inject({ method: 'GET', url: '/api/reports', headers: bearer(moderator.token) });
    expect(users.statusCode).toBe(200);
    const names = users.json().items.map((r: { target: { name: string } }) => r.target.name);
    expect(names).toContain('Roger Rude');
    expect(names).not.toContain('Alain Admin');
    const first = users.json().items[0];
    expect(first).toMatchObject({ reason: 'spam', reporter: { name: 'Rita Reporter' }, target: { name: 'Roger Rude' } });

    const admins = await app.inject({ method: 'GET', url: '/api/reports', headers: bearer(adminsManager.token) });
    expect(admins.json().items.map((r: { target: { name: string } }) => r.target.name)).toEqual(['Alain Admin']);
    const adminReport = admins.json().items[0]._id;
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/reports/${adminReport}/dismiss`,
      headers: bearer(moderator.token),
    });
    expect(refused.statusCode).toBe(403);
    const plain = await person();
    expect((await app.inject({ method: 'GET', url: '/api/reports', headers: bearer(plain.token) })).statusCode).toBe(403);
  });

  it('pages the queue newest first, each report with its reporter and target', async () => {
    const reporter = await person({ firstName: 'Paula', lastName: 'Pages' });
    const targets = [];
    for (const lastName of ['Premier', 'Deuxième', 'Troisième']) {
      const target = await person({ firstName: 'Cible', lastName });
      await report(reporter.token, target.user.id, { reason: 'spam' });
      targets.push(target);
    }
    const read = async (page: number) => {
      const r = await app.inject({ method: 'GET', url: `/api/reports?page=${page}&limit=2`, headers: bearer(moderator.token) });
      expect(r.statusCode).toBe(200);
      return r.json() as { total: number; items: { reporter: { name: string }; target: { name: string } }[] };
    };
    const page1 = await read(1);
    expect(page1.items.map((r) => [r.target.name, r.reporter.name])).toEqual([
      ['Cible Troisième', 'Paula Pages'],
      ['Cible Deuxième', 'Paula Pages'],
    ]);
    const page2 = await read(2);
    expect(page2.items[0]).toMatchObject({ target: { name: 'Cible Premier' }, reporter: { name: 'Paula Pages' } });
    expect(page2.total).toBe(page1.total);
  });

  it('Classer closes the report (audited), it leaves the queue, twice is 409', async () => {
    const reporter = await person();
    const target = await person();
    const id = (await report(reporter.token, target.user.id)).json().report._id;
    const dismissed = await app.inject({ method: 'PUT', url: `/api/reports/${id}/dismiss`, headers: bearer(moderator.token) });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ message: 'Signalement classé', report: { status: 'dismissed' } });
    const queue = await app.inject({ method: 'GET', url: '/api/reports?limit=100', headers: bearer(moderator.token) });
    expect(queue.json().items.map((r: { _id: string }) => r._id)).not.toContain(id);
    const again = await app.inject({ method: 'PUT', url: `/api/reports/${id}/dismiss`, headers: bearer(moderator.token) });
    expect(again.statusCode).toBe(409);
    expect(await openCount(target.user.id)).toEqual({ counter: 0, rows: 0 });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['report.dismiss', moderator.user.id]]);
    // Reporting again after a closed report is allowed.
    expect((await report(reporter.token, target.user.id)).statusCode).toBe(201);
  });

  it('Bloquer l’utilisateur blocks at once (open session 401), closes every open report on them, audited', async () => {
    const target = await person();
    const reporters = await Promise.all([person(), person()]);
    const ids = [];
    for (const r of reporters) ids.push((await report(r.token, target.user.id)).json().report._id);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(target.token) })).statusCode).toBe(200);

    const blocked = await app.inject({ method: 'PUT', url: `/api/reports/${ids[0]}/block`, headers: bearer(moderator.token) });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().report).toMatchObject({ status: 'actioned', target: { isBlocked: true } });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(target.token) })).statusCode).toBe(401);
    expect(await openCount(target.user.id)).toEqual({ counter: 0, rows: 0 });
    const actions = (await app.db.select().from(auditLog).where(eq(auditLog.actorId, moderator.user.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.block', 'report.block']));
    const other = await app.inject({ method: 'PUT', url: `/api/reports/${ids[1]}/dismiss`, headers: bearer(moderator.token) });
    expect(other.statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/reports/${ids[0]}/nope`, headers: bearer(moderator.token) })).statusCode,
    ).toBe(400);
  });
});

describe('users administration', () => {
  it('GET /users: role user only, search without accents, status and report filters, report count', async () => {
    const marker = `zz${Date.now()}`;
    const reported = await person({ firstName: 'Hélène', lastName: marker, phone: '+237677001122' });
    const pending = await person({ firstName: 'Jules', lastName: marker, isVerified: false });
    await person({ firstName: 'Kévin', lastName: marker, isBlocked: true });
    await person({ role: 'admin', firstName: 'Admin', lastName: marker });
    await report((await person()).token, reported.user.id);
    const list = (query: string) =>
      app.inject({ method: 'GET', url: `/api/users?q=${marker}${query}`, headers: bearer(moderator.token) });

    const all = (await list('')).json();
    expect(all.total).toBe(3);
    expect(all.items.map((u: { firstName: string }) => u.firstName)).toEqual(['Kévin', 'Jules', 'Hélène']);
    expect(
      (await list('&reports=reported'))
        .json()
        .items.map((u: { firstName: string; reportsCount: number }) => [u.firstName, u.reportsCount]),
    ).toEqual([['Hélène', 1]]);
    expect((await list('&reports=not_reported')).json().total).toBe(2);
    expect((await list('&status=pending')).json().items.map((u: { _id: string }) => u._id)).toEqual([pending.user.id]);
    expect((await list('&status=blocked')).json().items[0].firstName).toBe('Kévin');
    expect((await list('&status=active')).json().items[0].firstName).toBe('Hélène');
    const accentless = await app.inject({
      method: 'GET',
      url: `/api/users?q=helene%20${marker}`,
      headers: bearer(moderator.token),
    });
    expect(accentless.json().total).toBe(1);
    const byPhone = await app.inject({ method: 'GET', url: '/api/users?q=677001122', headers: bearer(moderator.token) });
    expect(byPhone.json().items.map((u: { _id: string }) => u._id)).toEqual([reported.user.id]);
  });

  it('GET /users/{id}: counts, recent activities and reports of a user', async () => {
    const member = await person({ firstName: 'Mireille', lastName: 'Fotso' });
    const [event] = await app.db
      .insert(events)
      .values({
        title: 'Festival Ngondo',
        description: 'Sur les berges du Wouri.',
        startDateTime: new Date('2027-12-01T17:00:00Z'),
        endDateTime: new Date('2027-12-01T21:00:00Z'),
        address: 'Berges du Wouri',
        city: 'Douala',
        category: 'festival',
        status: 'published',
      })
      .returning();
    if (!event) throw new Error('no event');
    await app.inject({ method: 'POST', url: `/api/events/${event.id}/participants`, headers: bearer(member.token) });
    await app.inject({ method: 'PUT', url: `/api/events/${event.id}/like`, headers: bearer(member.token) });
    await app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/comments`,
      headers: bearer(member.token),
      payload: { text: 'Super !' },
    });
    await report((await person({ firstName: 'Victor' })).token, member.user.id, { reason: 'fake_account' });

    const detail = await app.inject({ method: 'GET', url: `/api/users/${member.user.id}`, headers: bearer(moderator.token) });
    expect(detail.statusCode).toBe(200);
    const { user } = detail.json();
    expect(user.counts).toEqual({ events: 0, participations: 1, comments: 1, likes: 1 });
    expect(user.recentActivity.map((a: { type: string }) => a.type)).toEqual(['comment', 'like', 'event']);
    expect(user.recentActivity[0].description).toBe('A commenté l’évènement « Festival Ngondo »');
    expect(user.reports).toHaveLength(1);
    expect(user.reports[0]).toMatchObject({ reason: 'fake_account', status: 'open' });
    expect(user.reportsCount).toBe(1);
  });

  it('DELETE /users/{id}: removes the account and its sessions, keeps events (creator Anonyme), counters follow', async () => {
    const organizer = await person();
    const leaving = await person();
    const [event] = await app.db
      .insert(events)
      .values({
        title: 'Marché artisanal',
        description: 'Artisanat.',
        startDateTime: new Date('2027-12-01T17:00:00Z'),
        endDateTime: new Date('2027-12-01T21:00:00Z'),
        address: 'Place des fêtes',
        city: 'Bafoussam',
        category: 'other',
        status: 'published',
        organizerId: leaving.user.id,
      })
      .returning();
    if (!event) throw new Error('no event');
    const [other] = await app.db
      .insert(events)
      .values({
        ...event,
        id: undefined,
        shortId: undefined,
        shareToken: undefined,
        title: 'Autre',
        organizerId: organizer.user.id,
      })
      .returning();
    if (!other) throw new Error('no event');
    await app.inject({ method: 'PUT', url: `/api/events/${other.id}/like`, headers: bearer(leaving.token) });
    await app.inject({ method: 'POST', url: `/api/events/${other.id}/participants`, headers: bearer(leaving.token) });
    await app.inject({
      method: 'POST',
      url: `/api/events/${other.id}/comments`,
      headers: bearer(leaving.token),
      payload: { text: 'Au revoir' },
    });
    await report(leaving.token, organizer.user.id);
    expect(await openCount(organizer.user.id)).toEqual({ counter: 1, rows: 1 });

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/users/${leaving.user.id}`,
      headers: bearer(moderator.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(leaving.token) })).statusCode).toBe(401);
    const kept = await app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().creator).toBeNull();
    const [after] = await app.db.select().from(events).where(eq(events.id, other.id));
    expect([after?.participantsCount, after?.likesCount, after?.commentsCount]).toEqual([0, 0, 0]);
    const [likes] = await app.db.select({ n: count() }).from(eventLikes).where(eq(eventLikes.eventId, other.id));
    const [comments] = await app.db.select({ n: count() }).from(eventComments).where(eq(eventComments.eventId, other.id));
    expect([likes?.n, comments?.n]).toEqual([0, 0]);
    expect(await openCount(organizer.user.id)).toEqual({ counter: 0, rows: 0 });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, leaving.user.id));
    expect(audit.map((a) => a.action)).toContain('user.delete');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/users/${leaving.user.id}`, headers: bearer(moderator.token) })).statusCode,
    ).toBe(404);
  });
});
