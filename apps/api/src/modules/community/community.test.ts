import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertEvent, type UserOverrides } from '../../../test/factories';
import { type Identity, signedIn } from '../../../test/helper';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { activities, eventComments, eventLikes, eventParticipations, events, eventViews, users } from '../../db/schema/index';

let testApp: TestApp;
let app: FastifyInstance;
let organizer: Identity;
let member: Identity;
let eventsManager: Identity;

const person = (overrides: UserOverrides = {}) => signedIn(app, overrides);
/** A published concert of the organiser, 'Concert Makossa' (the activity texts below name it). */
const makeEvent = (values: Partial<typeof events.$inferInsert> = {}) =>
  insertEvent(app, organizer.user.id, { title: 'Concert Makossa', ...values });

async function eventRow(id: string) {
  const [row] = await app.db.select().from(events).where(eq(events.id, id));
  if (!row) throw new Error('no event');
  return row;
}

async function rows(table: typeof eventParticipations | typeof eventLikes | typeof eventComments, eventId: string) {
  const [row] = await app.db.select({ n: count() }).from(table).where(eq(table.eventId, eventId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  organizer = await person({ firstName: 'Aïcha', lastName: 'Bello' });
  member = await person({ firstName: 'Paul', lastName: 'Ndzana' });
  eventsManager = await person({ role: 'admin', permissions: ['manage_events'] });
});
afterAll(async () => {
  await testApp.close();
});

describe('taking part', () => {
  it('joins once, withdraws, and writes an activity; the counter equals the rows', async () => {
    const event = await makeEvent({ maxParticipants: 10 });
    const url = `/api/events/${event.id}/participants`;
    const first = await app.inject({ method: 'POST', url, headers: bearer(member.token) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ participating: true, participantsCount: 1 });
    const again = await app.inject({ method: 'POST', url, headers: bearer(member.token), payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ participantsCount: 1, message: 'Vous participez déjà à cet événement' });
    expect(await rows(eventParticipations, event.id)).toBe(1);
    const acts = await app.db.select().from(activities).where(eq(activities.userId, member.user.id));
    expect(acts.filter((a) => a.eventId === event.id).map((a) => [a.type, a.description])).toEqual([
      ['event', 'Participe à l’évènement « Concert Makossa »'],
    ]);

    const left = await app.inject({ method: 'DELETE', url: `${url}/me`, headers: bearer(member.token) });
    expect(left.json()).toMatchObject({ participating: false, participantsCount: 0 });
    const leftAgain = await app.inject({ method: 'DELETE', url: `${url}/me`, headers: bearer(member.token) });
    expect(leftAgain.json()).toMatchObject({ participantsCount: 0 });
    expect((await eventRow(event.id)).participantsCount).toBe(0);
    expect(await rows(eventParticipations, event.id)).toBe(0);
  });

  it("the feed shows a withdrawal ('Ne participe plus à …'), not the same 'Participe à …' twice", async () => {
    const event = await makeEvent({ maxParticipants: 10 });
    const url = `/api/events/${event.id}/participants`;
    for (const [method, path] of [
      ['POST', url],
      ['DELETE', `${url}/me`],
      ['DELETE', `${url}/me`],
      ['POST', url],
    ] as const) {
      const response = await app.inject({ method, url: path, headers: bearer(member.token) });
      expect(response.statusCode, response.body).toBe(200);
    }
    const acts = await app.db
      .select()
      .from(activities)
      .where(eq(activities.userId, member.user.id))
      .orderBy(asc(activities.createdAt), asc(activities.id));
    expect(acts.filter((a) => a.eventId === event.id).map((a) => a.description)).toEqual([
      'Participe à l’évènement « Concert Makossa »',
      'Ne participe plus à l’évènement « Concert Makossa »',
      'Participe à l’évènement « Concert Makossa »',
    ]);
  });

  it('50 people joining the last seat at once: exactly one gets it, the others 409, nothing else written', async () => {
    const event = await makeEvent({ maxParticipants: 3 });
    const early = await Promise.all([person(), person()]);
    for (const p of early) {
      const r = await app.inject({ method: 'POST', url: `/api/events/${event.id}/participants`, headers: bearer(p.token) });
      expect(r.statusCode).toBe(200);
    }
    const crowd = await Promise.all(Array.from({ length: 50 }, () => person()));
    const answers = await Promise.all(
      crowd.map((p) => app.inject({ method: 'POST', url: `/api/events/${event.id}/participants`, headers: bearer(p.token) })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'EVENT_FULL', message: 'Cet événement est complet' });
    expect((await eventRow(event.id)).participantsCount).toBe(3);
    expect(await rows(eventParticipations, event.id)).toBe(3);
    const [acts] = await app.db.select({ n: count() }).from(activities).where(eq(activities.eventId, event.id));
    expect(acts?.n).toBe(3);
  }, 60_000);

  it('refuses drafts (404), cancelled events (409) and private events without the right (403), changing nothing', async () => {
    const draft = await makeEvent({ status: 'draft' });
    const cancelled = await makeEvent({ status: 'cancelled' });
    const secret = await makeEvent({ isPublic: false });
    const join = (id: string, token: string) =>
      app.inject({ method: 'POST', url: `/api/events/${id}/participants`, headers: bearer(token) });
    expect((await join(draft.id, member.token)).statusCode).toBe(404);
    expect((await join(draft.id, organizer.token)).json().code).toBe('EVENT_NOT_PUBLISHED');
    expect((await join(cancelled.id, member.token)).json()).toMatchObject({ code: 'EVENT_CANCELLED' });
    const refused = await join(secret.id, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PRIVATE_EVENT');
    expect((await join('00000000-0000-4000-8000-000000000000', member.token)).statusCode).toBe(404);
    for (const e of [draft, cancelled, secret]) {
      expect(await rows(eventParticipations, e.id)).toBe(0);
      expect((await eventRow(e.id)).participantsCount).toBe(0);
    }
    // The organiser and manage_events reach a private event.
    expect((await join(secret.id, organizer.token)).statusCode).toBe(200);
    expect((await join(secret.id, eventsManager.token)).statusCode).toBe(200);
    expect((await eventRow(secret.id)).participantsCount).toBe(2);
  });

  it('a private event opens with its share link: join, then comment and like as a participant; a revoked link stops working', async () => {
    const secret = await makeEvent({ isPublic: false });
    const guest = await person();
    const late = await person();
    const join = (token: string, shareToken?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/events/${secret.id}/participants`,
        headers: bearer(token),
        payload: shareToken ? { shareToken } : {},
      });
    expect((await join(guest.token, 'mauvais-jeton')).statusCode).toBe(403);
    expect((await join(guest.token, secret.shareToken)).statusCode).toBe(200);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/events/${secret.id}/comments`,
      headers: bearer(guest.token),
      payload: { text: 'Merci pour l’invitation' },
    });
    expect(comment.statusCode).toBe(201);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/events/${secret.id}/like`, headers: bearer(guest.token) })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/events/${secret.id}/comments` })).statusCode).toBe(403);
    const withLink = await app.inject({
      method: 'GET',
      url: `/api/events/${secret.id}/comments?shareToken=${secret.shareToken}`,
    });
    expect(withLink.json().total).toBe(1);

    const revoked = await app.inject({
      method: 'POST',
      url: `/api/events/${secret.id}/share-token`,
      headers: bearer(organizer.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await join(late.token, secret.shareToken)).statusCode).toBe(403);
    expect((await join(late.token, revoked.json().shareToken)).statusCode).toBe(200);
    expect((await eventRow(secret.id)).participantsCount).toBe(2);
  });

  it('a blocked account cannot take part, comment, like or report: its token no longer counts (401)', async () => {
    const event = await makeEvent();
    const blocked = await person();
    await app.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));
    const calls = [
      { method: 'POST' as const, url: `/api/events/${event.id}/participants` },
      { method: 'POST' as const, url: `/api/events/${event.id}/comments`, payload: { text: 'Bonjour' } },
      { method: 'PUT' as const, url: `/api/events/${event.id}/like` },
      { method: 'POST' as const, url: `/api/users/${member.user.id}/reports`, payload: { reason: 'spam' } },
    ];
    for (const call of calls) {
      const r = await app.inject({ ...call, headers: bearer(blocked.token) });
      expect(r.statusCode, call.url).toBe(401);
    }
    const after = await eventRow(event.id);
    expect([after.participantsCount, after.commentsCount, after.likesCount]).toEqual([0, 0, 0]);
  });
});

describe('comments', () => {
  it('adds trimmed comments, lists them newest first and paged, refuses empty or too long ones', async () => {
    const event = await makeEvent();
    const url = `/api/events/${event.id}/comments`;
    for (const text of ['  Premier  ', 'Deuxième', 'Troisième']) {
      const r = await app.inject({ method: 'POST', url, headers: bearer(member.token), payload: { text } });
      expect(r.statusCode).toBe(201);
    }
    const page1 = await app.inject({ method: 'GET', url: `${url}?page=1&limit=2` });
    expect(page1.json().total).toBe(3);
    expect(page1.json().items.map((c: { text: string }) => c.text)).toEqual(['Troisième', 'Deuxième']);
    const page2 = await app.inject({ method: 'GET', url: `${url}?page=2&limit=2` });
    expect(page2.json().items.map((c: { text: string; author: { name: string } }) => [c.text, c.author.name])).toEqual([
      ['Premier', 'Paul Ndzana'],
    ]);

    const empty = await app.inject({ method: 'POST', url, headers: bearer(member.token), payload: { text: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Le commentaire ne peut pas être vide');
    const long = await app.inject({ method: 'POST', url, headers: bearer(member.token), payload: { text: 'a'.repeat(2001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Le commentaire doit contenir au plus 2000 caractères');
    const max = await app.inject({ method: 'POST', url, headers: bearer(organizer.token), payload: { text: 'a'.repeat(2000) } });
    expect(max.statusCode).toBe(201);
    expect((await eventRow(event.id)).commentsCount).toBe(4);
    expect(await rows(eventComments, event.id)).toBe(4);
  });

  it('the author, the event’s organiser or manage_events deletes a comment, with its activity; others get the unknown comment’s 404', async () => {
    const event = await makeEvent();
    const outsider = await person();
    const url = `/api/events/${event.id}/comments`;
    const a = (await app.inject({ method: 'POST', url, headers: bearer(member.token), payload: { text: 'À supprimer' } })).json();
    const b = (await app.inject({ method: 'POST', url, headers: bearer(member.token), payload: { text: 'Modéré' } })).json();
    const [withActivity] = await app.db.select({ n: count() }).from(activities).where(eq(activities.commentId, a.comment._id));
    expect(withActivity?.n).toBe(1);

    const stranger = await app.inject({ method: 'DELETE', url: `${url}/${a.comment._id}`, headers: bearer(outsider.token) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ code: 'NOT_FOUND', message: 'Commentaire introuvable' });
    expect((await eventRow(event.id)).commentsCount).toBe(2);

    const own = await app.inject({ method: 'DELETE', url: `${url}/${a.comment._id}`, headers: bearer(member.token) });
    expect(own.json()).toMatchObject({ commentsCount: 1 });
    const [gone] = await app.db.select({ n: count() }).from(activities).where(eq(activities.commentId, a.comment._id));
    expect(gone?.n).toBe(0);
    const moderated = await app.inject({
      method: 'DELETE',
      url: `${url}/${b.comment._id}`,
      headers: bearer(eventsManager.token),
    });
    expect(moderated.statusCode).toBe(200);
    const twice = await app.inject({ method: 'DELETE', url: `${url}/${b.comment._id}`, headers: bearer(member.token) });
    expect(twice.statusCode).toBe(404);
    expect((await eventRow(event.id)).commentsCount).toBe(0);
    expect(await rows(eventComments, event.id)).toBe(0);
  });

  it('limits comments per account with the French 429 message', async () => {
    const event = await makeEvent();
    const talker = await person();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/comments`,
          headers: bearer(talker.token),
          payload: { text: `Message ${i}` },
        }),
      );
    }
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(last?.json().message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ secondes\.$/);
    expect((await eventRow(event.id)).commentsCount).toBe(10);
  });
});

describe('likes and views', () => {
  it('like and unlike are idempotent; counters equal rows under concurrency', async () => {
    const event = await makeEvent();
    const fans = await Promise.all(Array.from({ length: 20 }, () => person()));
    const like = (token: string) => app.inject({ method: 'PUT', url: `/api/events/${event.id}/like`, headers: bearer(token) });
    const unlike = (token: string) =>
      app.inject({ method: 'DELETE', url: `/api/events/${event.id}/like`, headers: bearer(token) });
    const comment = (token: string) =>
      app.inject({ method: 'POST', url: `/api/events/${event.id}/comments`, headers: bearer(token), payload: { text: 'Top' } });
    // Every fan likes twice at once, comments, and half of them unlike: all at the same time.
    await Promise.all(fans.flatMap((f) => [like(f.token), like(f.token), comment(f.token)]));
    await Promise.all(fans.slice(0, 10).flatMap((f) => [unlike(f.token), unlike(f.token)]));
    const row = await eventRow(event.id);
    expect(row.likesCount).toBe(10);
    expect(await rows(eventLikes, event.id)).toBe(10);
    expect(row.commentsCount).toBe(20);
    expect(await rows(eventComments, event.id)).toBe(20);
    const [likeActs] = await app.db
      .select({ n: count() })
      .from(activities)
      .where(sql`${activities.eventId} = ${event.id} and ${activities.type} = 'like'`);
    expect(likeActs?.n).toBe(10);
    const again = await like(fans[15]?.token ?? '');
    expect(again.json()).toMatchObject({ liked: true, likes: 10 });
  }, 60_000);

  it('counts a view once per viewer and day, anonymous by fingerprint, never the organiser', async () => {
    const event = await makeEvent();
    const view = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/events/${event.id}/views`, headers, remoteAddress: '10.1.2.3' });
    expect((await view({ 'user-agent': 'Mobile A' })).json()).toEqual({ counted: true, views: 1 });
    expect((await view({ 'user-agent': 'Mobile A' })).json()).toEqual({ counted: false, views: 1 });
    expect((await view({ 'user-agent': 'Mobile B' })).json()).toEqual({ counted: true, views: 2 });
    expect((await view(bearer(member.token))).json()).toEqual({ counted: true, views: 3 });
    expect((await view(bearer(member.token))).json()).toEqual({ counted: false, views: 3 });
    expect((await view(bearer(organizer.token))).json()).toEqual({ counted: false, views: 3 });
    const stored = await app.db.select().from(eventViews).where(eq(eventViews.eventId, event.id));
    expect(stored).toHaveLength(3);
    expect(stored.every((v) => !v.viewer.includes('10.1.2.3'))).toBe(true);
    expect((await eventRow(event.id)).viewsCount).toBe(3);
  });
});

describe('activities', () => {
  it('creating an event writes an activity', async () => {
    const creator = await person();
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(creator.token),
      payload: {
        title: 'Nuit du Ndolé',
        description: 'Gastronomie.',
        startDateTime: '2027-06-12T18:00:00+01:00',
        endDateTime: '2027-06-12T23:00:00+01:00',
        location: { address: 'Plage', city: 'Kribi' },
        category: 'food',
      },
    });
    expect(created.statusCode).toBe(201);
    const acts = await app.db.select().from(activities).where(eq(activities.userId, creator.user.id));
    expect(acts.map((a) => [a.type, a.description])).toEqual([['event', 'A créé l’évènement « Nuit du Ndolé »']]);
  });
});

describe('dashboard', () => {
  it('popular events and freemium/premium come from real participations, likes, views and accounts', async () => {
    const event = await makeEvent({ title: 'Le plus suivi' });
    const crowd = await Promise.all(Array.from({ length: 30 }, () => person()));
    await app.db
      .update(users)
      .set({ plan: 'premium' })
      .where(eq(users.id, crowd[0]?.user.id ?? ''));
    for (const p of crowd) {
      await app.inject({ method: 'POST', url: `/api/events/${event.id}/participants`, headers: bearer(p.token) });
    }
    await app.inject({ method: 'PUT', url: `/api/events/${event.id}/like`, headers: bearer(member.token) });
    await app.inject({ method: 'POST', url: `/api/events/${event.id}/views`, headers: bearer(member.token) });
    const admin = await person({ role: 'superadmin' });
    const stats = await app.inject({ method: 'GET', url: '/api/stats/dashboard', headers: bearer(admin.token) });
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(body.topEvents[0]).toMatchObject({ _id: event.id, participants: 30, likes: 1, views: 1 });
    const [plans] = await app.db
      .select({
        premium: sql<number>`(count(*) filter (where ${users.plan} = 'premium'))::int`,
        freemium: sql<number>`(count(*) filter (where ${users.plan} = 'freemium'))::int`,
      })
      .from(users)
      .where(eq(users.role, 'user'));
    expect([body.premiumUsers, body.freemiumUsers]).toEqual([plans?.premium, plans?.freemium]);
    expect(body.premiumUsers).toBeGreaterThanOrEqual(1);
  });
});
