import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditLog, eventComments, events, userReports, users } from '../../db/schema/index';
import type { UserRow } from '../../db/schema/index';

/*
 * Reports on a comment or an event (issue 25, item 5; decision 028): filed from the event page
 * through the community API, one open report per reporter and subject, limited per account, and
 * handled in 'Signalements' (Classer, Bloquer, and for a comment: Supprimer le commentaire, audited).
 */

let testApp: TestApp;
let app: FastifyInstance;
let moderator: { user: UserRow; token: string };
let organiser: { user: UserRow; token: string };
const HOSTILE = '<img src=x onerror=alert(1)>';

async function person(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, overrides);
  return { user, token: await tokenFor(app, user) };
}

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  moderator = await person({ role: 'admin', permissions: ['manage_users'] });
  organiser = await person({ firstName: 'Host', lastName: 'Person' });
  const stored = await app.settings.get();
  await app.settings.save({ ...stored, events: { ...stored.events, maxEventsPerUser: 1000 } }, null);
});
afterAll(async () => {
  await testApp.close();
});

async function makeEvent(isPublic = true) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(organiser.token),
    payload: {
      title: 'Reported Evening',
      description: 'Neutral description.',
      startDateTime: '2099-06-12T18:00:00+01:00',
      endDateTime: '2099-06-12T23:00:00+01:00',
      location: { address: 'Main Street', city: 'Douala' },
      category: 'concert',
      isPublic,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const event = response.json().event as { _id: string; publicPath: string; shareToken: string };
  const published = await app.inject({
    method: 'PUT',
    url: `/api/events/${event._id}/publish`,
    headers: bearer(organiser.token),
  });
  expect(published.statusCode).toBe(200);
  return event;
}

async function addComment(eventId: string, token: string, text: string, query = '') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/comments${query}`,
    headers: bearer(token),
    payload: { text },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().comment as { _id: string };
}

function reportComment(eventId: string, commentId: string, token: string, payload: object = { reason: 'spam' }, query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/comments/${commentId}/reports${query}`,
    headers: bearer(token),
    payload,
  });
}

function reportEvent(eventId: string, token: string, payload: object = { reason: 'scam' }, query = '') {
  return app.inject({ method: 'POST', url: `/api/events/${eventId}/reports${query}`, headers: bearer(token), payload });
}

async function queue() {
  const response = await app.inject({ method: 'GET', url: '/api/reports?limit=100', headers: bearer(moderator.token) });
  expect(response.statusCode).toBe(200);
  return response.json().items as Array<Record<string, unknown> & { _id: string }>;
}

describe('reporting a comment or an event', () => {
  it('files a comment report for the moderators, once while open; never one’s own', async () => {
    const event = await makeEvent();
    const author = await person({ firstName: '<b>Loud</b>', lastName: 'Author' });
    const reporter = await person();
    const comment = await addComment(event._id, author.token, HOSTILE);

    const first = await reportComment(event._id, comment._id, reporter.token, { reason: 'harassment', details: 'Rude words' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().report).toMatchObject({ targetId: comment._id, targetType: 'comment', reason: 'harassment' });
    // The answer names what was reported, never the author behind it.
    expect(first.body).not.toContain(author.user.id);
    const twice = await reportComment(event._id, comment._id, reporter.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REPORT_EXISTS');
    expect((await reportComment(event._id, comment._id, author.token)).json().code).toBe('SELF_REPORT');
    expect((await reportComment(event._id, '00000000-0000-4000-8000-000000000000', reporter.token)).statusCode).toBe(404);
    expect((await reportComment(event._id, comment._id, reporter.token, { reason: 'boring' })).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/events/${event._id}/comments/${comment._id}/reports`,
          payload: { reason: 'spam' },
        })
      ).statusCode,
    ).toBe(401);
    // The same person may still report the author's account itself: another subject.
    const onAccount = await app.inject({
      method: 'POST',
      url: `/api/users/${author.user.id}/reports`,
      headers: bearer(reporter.token),
      payload: { reason: 'spam' },
    });
    expect(onAccount.statusCode).toBe(201);

    const item = (await queue()).find((entry) => entry._id === first.json().report._id);
    expect(item).toMatchObject({
      targetType: 'comment',
      reason: 'harassment',
      details: 'Rude words',
      comment: { _id: comment._id, text: HOSTILE },
      event: { _id: event._id, title: 'Reported Evening', publicPath: event.publicPath, isPublic: true },
      target: { _id: author.user.id, name: '<b>Loud</b> Author' },
    });
  });

  it('files an event report; the organiser cannot report their own event', async () => {
    const event = await makeEvent();
    const reporter = await person();
    const filed = await reportEvent(event._id, reporter.token, { reason: 'scam' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().report).toMatchObject({ targetId: event._id, targetType: 'event' });
    expect((await reportEvent(event._id, reporter.token)).json().code).toBe('REPORT_EXISTS');
    expect((await reportEvent(event._id, organiser.token)).json().code).toBe('SELF_REPORT');
    const item = (await queue()).find((entry) => entry._id === filed.json().report._id);
    expect(item).toMatchObject({
      targetType: 'event',
      comment: null,
      event: { _id: event._id, publicPath: event.publicPath },
      target: { _id: organiser.user.id },
    });
    // Classer closes it.
    const dismissed = await app.inject({
      method: 'PUT',
      url: `/api/reports/${filed.json().report._id}/dismiss`,
      headers: bearer(moderator.token),
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await queue()).some((entry) => entry._id === filed.json().report._id)).toBe(false);
    // Removing a comment is refused on an event report.
    const again = await reportEvent(event._id, reporter.token);
    expect(again.statusCode).toBe(201);
    const wrong = await app.inject({
      method: 'PUT',
      url: `/api/reports/${again.json().report._id}/remove-comment`,
      headers: bearer(moderator.token),
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('NOT_A_COMMENT');
  });

  it('a private event: reported only with its link; a cancelled one stays reportable', async () => {
    const event = await makeEvent(false);
    const reporter = await person();
    expect((await reportEvent(event._id, reporter.token)).statusCode).toBe(404);
    const query = `?shareToken=${encodeURIComponent(event.shareToken)}`;
    const comment = await addComment(event._id, organiser.token, 'host note');
    expect((await reportComment(event._id, comment._id, reporter.token)).statusCode).toBe(404);
    expect((await reportComment(event._id, comment._id, reporter.token, { reason: 'spam' }, query)).statusCode).toBe(201);
    expect((await reportEvent(event._id, reporter.token, { reason: 'spam' }, query)).statusCode).toBe(201);
    const item = (await queue()).find(
      (entry) => entry.targetType === 'event' && (entry.event as { _id: string })._id === event._id,
    );
    // The moderator sees the event, never its share link.
    expect(item?.event).toMatchObject({ isPublic: false, publicPath: event.publicPath });
    expect(JSON.stringify(item)).not.toContain(event.shareToken);

    const open = await makeEvent();
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/events/${open._id}/cancel`,
      headers: bearer(organiser.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await reportEvent(open._id, reporter.token)).statusCode).toBe(201);
  });

  it('the moderator removes a reported comment: gone from the page and the counter, every report on it closed, audited', async () => {
    const event = await makeEvent();
    const author = await person();
    const comment = await addComment(event._id, author.token, 'removable words');
    const one = await person();
    const two = await person();
    const first = (await reportComment(event._id, comment._id, one.token)).json().report._id as string;
    const second = (await reportComment(event._id, comment._id, two.token)).json().report._id as string;
    const [before] = await app.db.select({ n: users.openReportsCount }).from(users).where(eq(users.id, author.user.id));
    expect(before?.n).toBe(2);

    const removed = await app.inject({
      method: 'PUT',
      url: `/api/reports/${first}/remove-comment`,
      headers: bearer(moderator.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: 'Commentaire supprimé par la modération',
      report: { status: 'actioned', comment: null },
    });
    expect(await app.db.select().from(eventComments).where(eq(eventComments.id, comment._id))).toHaveLength(0);
    const [row] = await app.db.select({ n: events.commentsCount }).from(events).where(eq(events.id, event._id));
    expect(row?.n).toBe(0);
    const reports = await app.db
      .select({ id: userReports.id, status: userReports.status })
      .from(userReports)
      .where(eq(userReports.subjectId, comment._id));
    expect(reports.map((report) => report.status).sort()).toEqual(['actioned', 'actioned']);
    expect(reports.map((report) => report.id).sort()).toEqual([first, second].sort());
    const [after] = await app.db.select({ n: users.openReportsCount }).from(users).where(eq(users.id, author.user.id));
    expect(after?.n).toBe(0);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.remove_comment'), eq(auditLog.targetId, first)));
    expect(audit?.actorId).toBe(moderator.user.id);
    expect(audit?.before).toMatchObject({ commentId: comment._id, text: 'removable words', authorId: author.user.id });
    const page = await app.inject({ method: 'GET', url: event.publicPath });
    expect(page.body).not.toContain('removable words');
    // Twice: already handled.
    expect(
      (await app.inject({ method: 'PUT', url: `/api/reports/${second}/remove-comment`, headers: bearer(moderator.token) }))
        .statusCode,
    ).toBe(409);
    // Without the Signalements permission: refused.
    const stranger = await person();
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/reports/${second}/remove-comment`,
      headers: bearer(stranger.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('limits reports per account (429)', async () => {
    const event = await makeEvent();
    const reporter = await person();
    const authors = await Promise.all(Array.from({ length: 6 }, () => person()));
    const comments = [];
    for (const author of authors) comments.push(await addComment(event._id, author.token, 'plain note'));
    const answers = [];
    for (const comment of comments) answers.push((await reportComment(event._id, comment._id, reporter.token)).statusCode);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
