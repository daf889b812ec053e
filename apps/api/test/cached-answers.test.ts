import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { createEvent, type Identity, request, signedIn, unique } from './helper';

/**
 * The answers kept for every reader (decision 013) are dropped by a write that changes them:
 * after a publication, an anonymous reader's list and the agenda page show the event at once
 * (issue 26, item 11: a publication that kept them passed the suite).
 */
describe('cached answers and publication', () => {
  let testApp: TestApp;
  let organizer: Identity;
  beforeAll(async () => {
    // Answers kept for a minute: only a write can make them change within the test.
    testApp = await buildTestApp({ ANSWER_CACHE_TTL_MS: '60000' });
    organizer = await signedIn(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('shows a published event in the anonymous list and the agenda at once, though both were cached before', async () => {
    const { app } = testApp;
    const title = unique('Kermesse');
    const search = title.toLowerCase();
    const draft = await createEvent(app, organizer, { title }, 'draft');
    const list = () => request(app, 'GET', `/api/events?q=${search}`);
    const agenda = () => request(app, 'GET', `/evenements?q=${search}`);

    // Read twice each: the second answer is the cached one, still without the draft.
    for (let i = 0; i < 2; i++) {
      expect((await list()).json().total).toBe(0);
      const page = await agenda();
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(title);
    }

    const published = await request(app, 'PUT', `/api/events/${draft._id}/publish`, organizer);
    expect(published.statusCode, published.body).toBe(200);

    const listed = (await list()).json();
    expect(listed.total).toBe(1);
    expect(listed.items[0].title).toBe(title);
    expect((await agenda()).body).toContain(title);
  });

  it('answers the agenda page asked again with the same page and headers, still counted by the rate limit', async () => {
    const { app } = testApp;
    const url = `/evenements?q=${unique('salon').toLowerCase()}`;
    const first = await request(app, 'GET', url);
    expect(first.statusCode).toBe(200);
    const again = await request(app, 'GET', url);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (const header of ['content-type', 'cache-control', 'content-security-policy', 'x-ratelimit-limit']) {
      expect(again.headers[header], header).toBe(first.headers[header]);
    }
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });
});
