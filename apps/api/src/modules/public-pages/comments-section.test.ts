import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateEventInput } from '@app/shared/events';
import { eventComments, events } from '../../db/schema/index';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { type CreatedEvent, createEvent } from '../../../test/helper';
import { buildPublicPagesApp, type PublicPagesTestApp } from '../../../test/public-pages';
import { COMMENTS_SCRIPT_PATH } from './comments-section';

/*
 * The comments and likes of the public event page (issue 25, item 5; decision 028): rendered by
 * the server, escaped, paged by links, the same HTML for every reader; the community API behind
 * the page's island follows the private and cancelled events' rules.
 */

let testApp: PublicPagesTestApp;
let app: FastifyInstance;
let owner: string;
let reader: string;
let readerId: string;
const HOSTILE = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  testApp = await buildPublicPagesApp({}, { firstName: 'Organiser', lastName: 'One' });
  app = testApp.app;
  owner = testApp.owner.token;
  const person = await createUser(app, { firstName: '<script>alert(2)</script>', lastName: 'Reader' });
  readerId = person.id;
  reader = await tokenFor(app, person);
});
afterAll(() => testApp.close());

type Made = CreatedEvent;

const make = (overrides: Partial<CreateEventInput> = {}) =>
  createEvent(app, owner, {
    title: 'Comments Test Evening',
    description: 'Neutral description.',
    location: { address: 'Main Street', city: 'Douala' },
    category: 'concert',
    ...overrides,
  });

async function cancel(event: Made) {
  const response = await app.inject({ method: 'PUT', url: `/api/events/${event._id}/cancel`, headers: bearer(owner) });
  expect(response.statusCode, response.body).toBe(200);
}

function comment(event: Made, text: string, token = reader, query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/events/${event._id}/comments${query}`,
    headers: bearer(token),
    payload: { text },
  });
}

/** `count` comments one minute apart (oldest first), written directly: the API allows 10 a minute. */
async function seedComments(event: Made, count: number) {
  const start = Date.UTC(2026, 0, 1, 12);
  await app.db.insert(eventComments).values(
    Array.from({ length: count }, (_, index) => ({
      eventId: event._id,
      userId: readerId,
      text: `note number ${index + 1}`,
      createdAt: new Date(start + index * 60_000),
    })),
  );
  await app.db
    .update(events)
    .set({ commentsCount: sql`${events.commentsCount} + ${count}` })
    .where(eq(events.id, event._id));
}

function section(body: string): string {
  const match = /<section id="commentaires"[\s\S]*?<\/section>/.exec(body);
  if (!match) throw new Error('no comments section');
  return match[0];
}

describe('the comments of the public event page', () => {
  it('shows the comments escaped, with their author and date, and the like count', async () => {
    const event = await make();
    expect((await comment(event, HOSTILE)).statusCode).toBe(201);
    const liked = await app.inject({ method: 'PUT', url: `/api/events/${event._id}/like`, headers: bearer(reader) });
    expect(liked.json()).toMatchObject({ liked: true, likes: 1 });

    const page = await app.inject({ method: 'GET', url: event.publicPath });
    expect(page.statusCode).toBe(200);
    const html = section(page.body);
    expect(page.body).not.toContain(HOSTILE);
    expect(page.body).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>&lt;script&gt;alert(2)&lt;/script&gt; Reader</strong>');
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{1,2} \S+ \d{4} à \d{1,2} h/);
    expect(html).toContain('<strong data-testid="likes">1</strong>');
    expect(html).toContain('Commentaires (<span data-testid="comments-count">1</span>)');
    expect(page.body).toContain(`<script type="module" src="${COMMENTS_SCRIPT_PATH}"></script>`);
    // Signed out, liking, commenting and reporting lead to sign-in and back to this page.
    const signIn = `/GetStarted?next=${encodeURIComponent(event.publicPath)}`;
    expect(html).toContain(`href="${signIn}" data-like`);
    expect(html).toContain(`href="${signIn}" data-comment-signin`);
    expect(html).toContain(`href="${signIn}" data-report="event"`);
  });

  it('shows 10 comments a page, newest first, with links that work without JavaScript', async () => {
    const event = await make();
    await seedComments(event, 25);
    const first = section((await app.inject({ method: 'GET', url: event.publicPath })).body);
    const texts = (html: string) => [...html.matchAll(/<p class="txt">([^<]*)<\/p>/g)].map((match) => match[1]);
    expect(texts(first)).toEqual(Array.from({ length: 10 }, (_, index) => `note number ${25 - index}`));
    expect(first).toContain(`href="${event.publicPath}?commentaires=2#commentaires" data-testid="more-comments"`);
    expect(first).toContain('Page 1 sur 3');

    const third = section((await app.inject({ method: 'GET', url: `${event.publicPath}?commentaires=3` })).body);
    expect(texts(third)).toEqual(['note number 5', 'note number 4', 'note number 3', 'note number 2', 'note number 1']);
    expect(third).not.toContain('more-comments');
    expect(third).toContain(`href="${event.publicPath}?commentaires=2#commentaires">Commentaires plus récents`);
    // A page past the last shows the last; nonsense is page 1.
    expect(texts(section((await app.inject({ method: 'GET', url: `${event.publicPath}?commentaires=9` })).body))).toHaveLength(5);
    expect(texts(section((await app.inject({ method: 'GET', url: `${event.publicPath}?commentaires=abc` })).body))).toHaveLength(
      10,
    );
  });

  it('is the same page for every reader: a signed-in reader’s state is never in the cached HTML', async () => {
    const event = await make();
    expect((await app.inject({ method: 'PUT', url: `/api/events/${event._id}/like`, headers: bearer(reader) })).statusCode).toBe(
      200,
    );
    const anonymous = await app.inject({ method: 'GET', url: event.publicPath });
    const signedIn = await app.inject({ method: 'GET', url: event.publicPath, headers: bearer(reader) });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.body).not.toContain('aria-pressed="true"');
    // The island asks the API for the reader's own state.
    const mine = await app.inject({ method: 'GET', url: `/api/events/${event._id}/like`, headers: bearer(reader) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ liked: true, likes: 1 });
    const theirs = await app.inject({ method: 'GET', url: `/api/events/${event._id}/like`, headers: bearer(owner) });
    expect(theirs.json()).toMatchObject({ liked: false, likes: 1 });
    expect((await app.inject({ method: 'GET', url: `/api/events/${event._id}/like` })).statusCode).toBe(401);
  });

  it('serves the island script, small and immutable', async () => {
    const script = await app.inject({ method: 'GET', url: COMMENTS_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.body.length).toBeLessThan(4096);
    expect(script.body).not.toContain('innerHTML');
  });

  it('a private event: comments only with its link, kept in every link; the link opens liking and commenting', async () => {
    const event = await make({ isPublic: false });
    const stranger = await tokenFor(app, await createUser(app, { firstName: 'Passer', lastName: 'By' }));
    // Without the link: no page, no comment, no like, no state.
    expect((await app.inject({ method: 'GET', url: event.publicPath })).statusCode).toBe(404);
    expect((await comment(event, 'no link', stranger)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/events/${event._id}/like`, headers: bearer(stranger) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/events/${event._id}/like`, headers: bearer(stranger) })).statusCode,
    ).toBe(404);
    // With it (as the island sends it): allowed.
    const query = `?shareToken=${encodeURIComponent(event.shareToken)}`;
    expect((await comment(event, 'with the link', stranger, query)).statusCode).toBe(201);
    const like = await app.inject({ method: 'PUT', url: `/api/events/${event._id}/like${query}`, headers: bearer(stranger) });
    expect(like.json()).toMatchObject({ liked: true, likes: 1 });
    const page = await app.inject({ method: 'GET', url: `${event.publicPath}?t=${encodeURIComponent(event.shareToken)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const html = section(page.body);
    expect(html).toContain('with the link');
    expect(html).toContain(`data-share="${event.shareToken}"`);
    const back = `${event.publicPath}?t=${encodeURIComponent(event.shareToken)}`;
    expect(html).toContain(`href="/GetStarted?next=${encodeURIComponent(back)}"`);
  });

  it('a cancelled event keeps its comments but takes no new comment or like (decision 023)', async () => {
    const event = await make();
    expect((await comment(event, 'before the end')).statusCode).toBe(201);
    await cancel(event);
    const html = section((await app.inject({ method: 'GET', url: event.publicPath })).body);
    expect(html).toContain('before the end');
    expect(html).toContain('Les commentaires et les « J’aime » sont fermés');
    expect(html).not.toContain('data-comment-signin');
    expect(html).not.toContain('data-like ');
    const refused = await comment(event, 'after the end');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EVENT_CANCELLED');
    const like = await app.inject({ method: 'PUT', url: `/api/events/${event._id}/like`, headers: bearer(reader) });
    expect(like.statusCode).toBe(409);
  });
});

it('the page reads comments through the (event_id, created_at) index', async () => {
  const result = (await app.db.execute(
    sql`select indexdef from pg_indexes where tablename = 'event_comments' and indexname = 'event_comments_event_idx'`,
  )) as unknown as { rows: { indexdef: string }[] };
  const [plan] = result.rows;
  expect(plan?.indexdef).toContain('(event_id, created_at');
});
