import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, eventComments, eventImages, events } from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  type Identity,
  request,
  saveEventSettings,
  signedIn,
  superadminToken,
  testAppForFile,
} from '../../../test/helper';
import { newImageKeys } from '../uploads/uploads.storage';

/**
 * Someone else's event on an organiser route answers exactly as an unknown id (issue 26): same
 * status, same body, whatever the event's status or visibility, so a write never tells that an
 * event exists. Event managers still act on every event.
 */
const testApp = testAppForFile(() => buildTestApp());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A multipart body with one file under `images` (never decoded: the refusal comes first). */
function imageUpload() {
  const boundary = '----ownership-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from('not decoded'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Target {
  eventId: string;
  imageId: string;
  commentId: string;
}

/** Every organiser route on one event: method, path, and the body each needs. */
const ROUTES: { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: (t: Target) => string; body?: unknown }[] = [
  { name: 'edit', method: 'PUT', url: (t) => `/api/events/${t.eventId}`, body: { title: 'Pris par un autre' } },
  { name: 'delete', method: 'DELETE', url: (t) => `/api/events/${t.eventId}` },
  { name: 'publish', method: 'PUT', url: (t) => `/api/events/${t.eventId}/publish` },
  { name: 'cancel', method: 'PUT', url: (t) => `/api/events/${t.eventId}/cancel`, body: { message: 'Annulé par un autre' } },
  { name: 'reopen', method: 'PUT', url: (t) => `/api/events/${t.eventId}/reopen` },
  { name: 'add images', method: 'POST', url: (t) => `/api/events/${t.eventId}/images` },
  { name: 'remove an image', method: 'DELETE', url: (t) => `/api/events/${t.eventId}/images/${t.imageId}` },
  { name: 'renew the share link', method: 'POST', url: (t) => `/api/events/${t.eventId}/share-token` },
  { name: 'duplicate', method: 'POST', url: (t) => `/api/events/${t.eventId}/duplicate` },
  { name: 'statistics', method: 'GET', url: (t) => `/api/events/${t.eventId}/stats` },
  { name: 'remove a comment', method: 'DELETE', url: (t) => `/api/events/${t.eventId}/comments/${t.commentId}` },
  { name: 'the door’s bundle', method: 'GET', url: (t) => `/api/events/${t.eventId}/check-in` },
  { name: 'the door helpers', method: 'GET', url: (t) => `/api/events/${t.eventId}/door-helpers` },
  {
    name: 'add a door helper',
    method: 'POST',
    url: (t) => `/api/events/${t.eventId}/door-helpers`,
    body: { login: 'quelqu_un' },
  },
  { name: 'remove a door helper', method: 'DELETE', url: (t) => `/api/events/${t.eventId}/door-helpers/${UNKNOWN}` },
  { name: 'the participants', method: 'GET', url: (t) => `/api/events/${t.eventId}/participants` },
  { name: 'the participants’ CSV', method: 'GET', url: (t) => `/api/events/${t.eventId}/participants.csv` },
  { name: 'remove a participant', method: 'DELETE', url: (t) => `/api/events/${t.eventId}/participants/${UNKNOWN}` },
  { name: 'the people removed', method: 'GET', url: (t) => `/api/events/${t.eventId}/removals` },
  { name: 'let a removed person back', method: 'DELETE', url: (t) => `/api/events/${t.eventId}/removals/${UNKNOWN}` },
];

function call(route: (typeof ROUTES)[number], target: Target, as: Identity | string) {
  const { app } = testApp;
  const url = route.url(target);
  if (route.name === 'add images') {
    const token = typeof as === 'string' ? as : as.token;
    const upload = imageUpload();
    return app.inject({
      method: 'POST',
      url,
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
    });
  }
  return request(testApp.app, route.method, url, as, route.body);
}

/** An event of `owner` in the given state, with one image and one comment by someone else. */
async function ownersEvent(owner: Identity, commenter: Identity, state: string): Promise<Target> {
  const { app } = testApp;
  const isPublic = state !== 'private';
  const event = await createEvent(
    app,
    owner,
    { title: `Soirée ${state}`, isPublic },
    state === 'draft' ? 'draft' : state === 'cancelled' ? 'cancelled' : 'published',
  );
  let commentId = UNKNOWN;
  if (state !== 'draft' && state !== 'cancelled') {
    const url = `/api/events/${event._id}/comments${isPublic ? '' : `?shareToken=${event.shareToken}`}`;
    const posted = await request(app, 'POST', url, commenter, { text: 'Belle soirée' });
    expect(posted.statusCode, posted.body).toBe(201);
    commentId = posted.json().comment._id;
  }
  const keys = newImageKeys();
  const [image] = await app.db
    .insert(eventImages)
    .values({ eventId: event._id, cardKey: keys.card, mediumKey: keys.medium, detailKey: keys.detail, width: 1, height: 1 })
    .returning();
  return { eventId: event._id, imageId: image!.id, commentId };
}

describe('someone else’s event on an organiser route', () => {
  it('answers exactly as an unknown id, for a published, private, draft or cancelled event, and changes nothing', async () => {
    const { app } = testApp;
    await saveEventSettings(app, { maxEventsPerUser: 1000 });
    const owner = await signedIn(app);
    const commenter = await signedIn(app);
    const otherOrganiser = await signedIn(app);
    // The other organiser has events of their own: an organiser, not a newcomer.
    await createEvent(app, otherOrganiser, { title: 'Ma propre soirée' });
    // An administrator without manage_events is an organiser like any other here.
    const adminWithoutEvents = await signedIn(app, { role: 'admin', permissions: ['manage_users'] });

    const auditsBy = (...who: Identity[]) =>
      app.db
        .select()
        .from(auditLog)
        .where(
          inArray(
            auditLog.actorId,
            who.map((identity) => identity.user.id),
          ),
        );
    const auditsBefore = await auditsBy(otherOrganiser, adminWithoutEvents);
    const failures: string[] = [];
    for (const state of ['published', 'private', 'draft', 'cancelled']) {
      const target = await ownersEvent(owner, commenter, state);
      const [before] = await app.db.select().from(events).where(eq(events.id, target.eventId));
      for (const route of ROUTES) {
        for (const [who, as] of [
          ['another organiser', otherOrganiser],
          ['an administrator without manage_events', adminWithoutEvents],
        ] as const) {
          const unknown = await call(route, { eventId: UNKNOWN, imageId: target.imageId, commentId: target.commentId }, as);
          const foreign = await call(route, target, as);
          const label = `${route.name} on a ${state} event by ${who}`;
          if (unknown.statusCode !== 404) failures.push(`${label}: the unknown id answered ${unknown.statusCode}`);
          if (foreign.statusCode !== unknown.statusCode || foreign.body !== unknown.body) {
            failures.push(`${label}: ${foreign.statusCode} ${foreign.body} instead of ${unknown.statusCode} ${unknown.body}`);
          }
        }
      }
      const [after] = await app.db.select().from(events).where(eq(events.id, target.eventId));
      expect(after, state).toEqual(before);
      expect(await app.db.select().from(eventImages).where(eq(eventImages.id, target.imageId)), state).toHaveLength(1);
      if (target.commentId !== UNKNOWN) {
        expect(await app.db.select().from(eventComments).where(eq(eventComments.id, target.commentId)), state).toHaveLength(1);
      }
    }
    expect(failures).toEqual([]);
    expect(await auditsBy(otherOrganiser, adminWithoutEvents)).toEqual(auditsBefore);
  }, 180_000);

  it('still lets event managers act on it', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const commenter = await signedIn(app);
    const manager = await superadminToken(app);
    const target = await ownersEvent(owner, commenter, 'published');
    // Every route but the duplicate (a copy is its organiser's own, decision 037) and adding images (decoded: events.routes.test.ts).
    const route = (name: string) => ROUTES.find((r) => r.name === name)!;
    for (const name of [
      'edit',
      'remove an image',
      'renew the share link',
      'statistics',
      'remove a comment',
      'cancel',
      'reopen',
      'publish',
      'delete',
    ]) {
      const response = await call(route(name), target, manager);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
  });
});
