import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './build-test-app';
import { createEvent, type Identity, request, signedIn } from './helper';

/**
 * A comment's activity row goes with the comment (schema: activities.comment_id on delete
 * cascade). Issue 26, item 11: the suite counted the rows by comment id, which a `set null`
 * satisfies too while the row stays in the author's activities; here the row itself is looked for.
 */
describe('deleting a comment', () => {
  let testApp: TestApp;
  let organizer: Identity;
  let author: Identity;
  let moderator: Identity;
  beforeAll(async () => {
    testApp = await buildTestApp();
    organizer = await signedIn(testApp.app);
    author = await signedIn(testApp.app);
    moderator = await signedIn(testApp.app, { role: 'admin', permissions: ['manage_events'] });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const commentActivities = () =>
    testApp.app.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.userId, author.user.id), eq(activities.type, 'comment')));

  it('deletes its activity row, whether the author or a moderator deletes it', async () => {
    const { app } = testApp;
    const event = await createEvent(app, organizer);
    const url = `/api/events/${event._id}/comments`;
    for (const deleter of [author, moderator]) {
      const before = await commentActivities();
      const posted = await request(app, 'POST', url, author, { text: 'Très belle soirée' });
      expect(posted.statusCode, posted.body).toBeLessThan(300);
      const added = (await commentActivities()).filter((row) => !before.some((old) => old.id === row.id));
      expect(added).toHaveLength(1);
      const removed = await request(app, 'DELETE', `${url}/${posted.json().comment._id}`, deleter);
      expect(removed.statusCode, removed.body).toBe(200);
      const [left] = await app.db
        .select()
        .from(activities)
        .where(eq(activities.id, added[0]?.id as string));
      expect(left).toBeUndefined();
      expect(await commentActivities()).toEqual(before);
    }
  });
});
