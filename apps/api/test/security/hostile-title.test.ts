import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';
import { createEvent, type Identity, request, signedIn } from '../helper';

/**
 * An event's title is text wherever the server renders it: the public page opened with a hostile
 * title shows it escaped in its <h1> and runs none of it (issue 26, item 11: no test opened the
 * page with such a title).
 */
describe('an event title that is markup', () => {
  let testApp: TestApp;
  let organizer: Identity;
  beforeAll(async () => {
    testApp = await buildTestApp();
    organizer = await signedIn(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is escaped in the public page’s <h1> and nowhere becomes an element', async () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const event = await createEvent(testApp.app, organizer, { title: hostile });
    const page = await request(testApp.app, 'GET', event.publicPath);
    expect(page.statusCode, page.body).toBe(200);
    const h1 = /<h1>([\s\S]*?)<\/h1>/.exec(page.body)?.[1];
    expect(h1).toBe('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<script>alert(2)');
  });
});
