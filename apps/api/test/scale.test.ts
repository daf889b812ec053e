import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES } from '@app/shared/events';
import { boundedCount, EXACT_COUNT_LIMIT } from '../src/db/bounded-count';
import type { Executor } from '../src/db/client';
import { rowsOf } from '../src/db/rows-of';
import { events, users } from '../src/db/schema/index';
import { pageAndTotal } from '../src/db/page-and-total';
import { ReadBudget } from '../src/plugins/public-reads';
import { buildTestApp, type TestApp } from './build-test-app';
import { eventInput } from './helper';

/** Lists at scale (decision 013): bounded counts, the anonymous depth cap, the answer cache and the read budget. */
describe('lists at scale', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ ANSWER_CACHE_TTL_MS: '60000' });
    // 1,500 published public events by SQL: more than the exact part of a count.
    await testApp.app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      select 'Gala ' || g, 'Soirée', now() + g * interval '1 hour', now() + g * interval '1 hour' + interval '2 hours',
             'Rue ' || g, 'Douala', 'concert', 'published', 'gala ' || g || ' soiree'
      from generate_series(1, 1500) g`);
    await testApp.app.db.execute(sql`analyze events`);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('counts exactly up to the limit, and estimates beyond without going under it', async () => {
    const db = testApp.app.db;
    expect(await boundedCount(db, events, sql`${events.title} like 'Gala 1%'`)).toBe(612);
    const all = await boundedCount(db, events, undefined);
    expect(all).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The planner's estimate after analyze is the table's size.
    expect(all).toBeGreaterThan(1200);
    expect(all).toBeLessThan(2000);
  });

  it('answers the lists with that total and the right page, deep pages included', async () => {
    const { app } = testApp;
    const page = await app.inject({ method: 'GET', url: '/api/events?date=upcoming&page=120&limit=10' });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.total).toBeGreaterThan(1000);
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Gala ${1191 + i}`),
    );
    // Every word, in any order (decision 069): 'Gala 149', 'Gala 1149' and 'Gala 1490' to 'Gala 1499'.
    const search = await app.inject({ method: 'GET', url: '/api/events?q=GALA%20149' });
    expect(search.json().total).toBe(12);
    expect((await app.inject({ method: 'GET', url: '/api/events?q=149%20soiree%20gala' })).json().total).toBe(12);
  });

  it('has a trigram index of its own for every event category (migration 0011) and for the public events (0014), and searches within one', async () => {
    const result = await testApp.app.db.execute(sql`select indexname from pg_indexes where tablename = 'events'`);
    const names = (result as { rows: { indexname: string }[] }).rows.map((row) => row.indexname);
    for (const category of EVENT_CATEGORIES) expect(names).toContain(`events_category_${category}_search_trgm_idx`);
    // The public search's own (migration 0014): the published public events' trigrams, with their category.
    expect(names).toContain('events_public_search_trgm_idx');
    const search = await testApp.app.inject({ method: 'GET', url: '/api/events?q=gala%20149&category=concert' });
    expect(search.json().total).toBe(12);
    const elsewhere = await testApp.app.inject({ method: 'GET', url: '/api/events?q=gala%20149&category=art' });
    expect(elsewhere.json().total).toBe(0);
  });

  it('refuses anonymous pages beyond the first 10,000 events with a French 400', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/events?page=1001&limit=10' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PAGE_TOO_DEEP' });
    expect(response.json().message).toMatch(/affinez la recherche/);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/events?page=1000&limit=10' })).statusCode).toBe(200);
  });

  it('keeps the anonymous list briefly and drops it at the first write', async () => {
    const { app } = testApp;
    const first = (await app.inject({ method: 'GET', url: '/api/events?q=nouveau' })).json();
    expect(first.total).toBe(0);
    // A write outside the API is not seen while the answer is cached…
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      values ('Nouveau', 'x', now(), now() + interval '1 hour', 'Rue', 'Douala', 'art', 'published', 'nouveau')`);
    expect((await app.inject({ method: 'GET', url: '/api/events?q=nouveau' })).json().total).toBe(0);
    // A sign-in changes nothing a cached answer shows: the answer stays…
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: 'admin@test.local', password: 'Admin-Passw0rd!' },
    });
    expect(login.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/events?q=nouveau' })).json().total).toBe(0);
    // …and so does a write that only moves counters (a view), or the busiest writes would empty it…
    const [nouveau] = await app.db.select({ id: events.id }).from(events).where(eq(events.searchText, 'nouveau'));
    const view = await app.inject({ method: 'POST', url: `/api/events/${nouveau?.id}/views` });
    expect(view.statusCode, view.body).toBeLessThan(400);
    expect((await app.inject({ method: 'GET', url: '/api/events?q=nouveau' })).json().total).toBe(0);
    // …and any other successful write through the API drops every cached answer.
    const draft = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: eventInput({ title: 'Brouillon', description: 'Une écriture.', category: 'art' }),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/api/events?q=nouveau' })).json().total).toBe(1);
  });

  it('answers an anonymous request asked again from the cache with the same bytes and headers, still rate limited, never to a caller with a token', async () => {
    const { app } = testApp;
    const url = '/api/events?q=redemande&limit=5';
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode, first.body).toBe(200);
    const again = await app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (const header of ['content-type', 'content-security-policy', 'x-content-type-options', 'x-ratelimit-limit']) {
      expect(again.headers[header], header).toBe(first.headers[header]);
    }
    // Counted by the route's rate limit like the first.
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    // A draft written outside the API: the anonymous answer stays as cached; a manager, with a token, sees it.
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      values ('Redemande', 'x', now(), now() + interval '1 hour', 'Rue', 'Douala', 'art', 'draft', 'redemande')`);
    expect((await app.inject({ method: 'GET', url })).json().total).toBe(0);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: 'admin@test.local', password: 'Admin-Passw0rd!' },
    });
    const managers = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${login.json().token}` } });
    expect(managers.json().total).toBe(1);
    // A query the route refuses is refused however often it is asked.
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: '/api/events?page=zero' })).statusCode).toBe(400);
  });

  it('sends a cached answer as stored bytes, compressed as the caller accepts, the same JSON each way', async () => {
    const { app } = testApp;
    const url = '/api/events?date=upcoming&page=3&limit=10';
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.json();
    expect(answer.items).toHaveLength(10);

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(answer);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(answer);

    // A small answer (an empty search) goes uncompressed, as the compression threshold says.
    const small = await app.inject({ method: 'GET', url: '/api/events?q=xylophonique', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ items: [], total: 0, next: null });
  });

  it("keeps the managers' list briefly too, apart from the public one, and never an organiser's own list", async () => {
    const { app } = testApp;
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: 'admin@test.local', password: 'Admin-Passw0rd!' },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const count = async (url: string, as = headers) => (await app.inject({ method: 'GET', url, headers: as })).json().total;
    expect(await count('/api/events?status=draft&q=cachee')).toBe(0);
    expect(await count('/api/events?mine=true&q=cachee')).toBe(0);
    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@test.local'));
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text, organizer_id)
      values ('Cachée', 'x', now(), now() + interval '1 hour', 'Rue', 'Douala', 'art', 'draft', 'cachee', ${admin?.id})`);
    // The managers' list answers from its cache until a write; an organiser's own list never does.
    expect(await count('/api/events?status=draft&q=cachee')).toBe(0);
    expect(await count('/api/events?mine=true&q=cachee')).toBe(1);
    // A write through the API (a new share link) drops it: the draft shows at once to a manager, never to the public.
    const [cachee] = await app.db.select({ id: events.id }).from(events).where(eq(events.searchText, 'cachee'));
    const write = await app.inject({ method: 'POST', url: `/api/events/${cachee?.id}/share-token`, headers });
    expect(write.statusCode, write.body).toBeLessThan(400);
    expect(await count('/api/events?status=draft&q=cachee')).toBe(1);
    expect(await count('/api/events?q=cachee', {} as typeof headers)).toBe(0);
    expect(await count('/api/events?status=draft&q=cachee', {} as typeof headers)).toBe(0);
  });

  it('keeps the public agenda page briefly too, as HTML, compressed as the caller accepts', async () => {
    const { app } = testApp;
    const url = '/evenements?q=vernissage';
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.body).not.toContain('Vernissage');
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      values ('Vernissage', 'x', now() + interval '1 day', now() + interval '1 day 2 hours', 'Rue', 'Douala', 'art', 'published', 'vernissage')`);
    const cached = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(cached.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(cached.rawPayload).toString('utf8')).toBe(first.body);
  });

  it('reads a search through the trigram index when its word fills rows the caller cannot see, and finds the few it can', async () => {
    const { app } = testApp;
    const db = app.db;
    // 'kribi' in 1,000 drafts and private events (a third of the table), and in two public events only.
    await db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, is_public, search_text)
      select 'Plage Kribi ' || g, 'x', now() + interval '1 day', now() + interval '1 day 2 hours', 'Rue', 'Kribi', 'sport',
             case when g % 2 = 0 then 'draft'::event_status else 'published'::event_status end, false, 'plage kribi ' || g
      from generate_series(1, 1000) g`);
    await db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text, created_at)
      values ('Kribi en fête', 'x', now() + interval '2 days', now() + interval '2 days 2 hours', 'Rue', 'Kribi', 'festival', 'published', 'kribi en fete', now() - interval '1 day'),
             ('Régates de Kribi', 'x', now() + interval '3 days', now() + interval '3 days 2 hours', 'Rue', 'Kribi', 'sport', 'published', 'regates de kribi', now())`);
    await db.execute(sql`analyze events`);

    const search = (await app.inject({ method: 'GET', url: '/api/events?q=kribi' })).json();
    expect(search.total).toBe(2);
    expect(search.items.map((item: { title: string }) => item.title)).toEqual(['Régates de Kribi', 'Kribi en fête']);

    const planOf = async (executor: Executor, query: SQL) =>
      rowsOf<Record<string, string>>(await executor.execute(sql`explain ${query}`))
        .map((row) => Object.values(row)[0])
        .join('\n');
    const publicKribi = sql`${events.searchText} like '%kribi%' and ${events.status} = 'published' and ${events.isPublic}`;
    const plans: string[] = [];
    const few = await pageAndTotal(db, {
      search: { table: events, condition: sql`${events.searchText} like '%kribi%'` },
      count: async (executor) => {
        plans.push(await planOf(executor, sql`select 1 from ${events} where ${publicKribi} limit 1001`));
        return boundedCount(executor, events, publicKribi);
      },
      page: async (executor) => {
        plans.push(
          await planOf(executor, sql`select id from ${events} where ${publicKribi} order by created_at desc, id desc limit 10`),
        );
        return ['page'];
      },
    });
    expect(few).toEqual({ rows: ['page'], total: 2 });
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toMatch(/Bitmap Index Scan/);
      expect(plan).not.toMatch(/Seq Scan|(?<!Bitmap )Index Scan/);
    }
    // Many matches, a third of the table: counted in the transaction, the page read outside it,
    // by the planner's own choice. 2,000 more events without the word first.
    await db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      select 'Atelier ' || g, 'x', now() + interval '4 days', now() + interval '4 days 2 hours', 'Rue', 'Douala', 'training',
             'published', 'atelier ' || g
      from generate_series(1, 2000) g`);
    await db.execute(sql`analyze events`);
    const gala = sql`${events.searchText} like '%gala%'`;
    const readOn: string[] = [];
    const many = await pageAndTotal(db, {
      search: { table: events, condition: gala },
      count: (executor) => {
        readOn.push(executor === db ? 'count outside' : 'count in the transaction');
        return boundedCount(executor, events, gala);
      },
      page: async (executor) => {
        readOn.push(executor === db ? 'page outside' : 'page in the transaction');
        return ['page'];
      },
    });
    expect(many).toEqual({ rows: ['page'], total: expect.any(Number) });
    expect(many.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(readOn).toEqual(['count in the transaction', 'page outside']);
    // A search the planner expects in half the table or more: page and count side by side, by its own plan.
    const dense = await pageAndTotal(db, {
      search: { table: events, condition: sql`${events.searchText} like '%e%'` },
      count: async (executor) => (executor === db ? 1 : 0),
      page: async (executor) => [executor === db],
    });
    expect(dense).toEqual({ rows: [true], total: 1 });
  });

  it('lets at most its budget of reads run at once, and turns away who waits too long', async () => {
    const budget = new ReadBudget(2, 50);
    let running = 0;
    let peak = 0;
    const work = () =>
      budget.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return 'ok';
      });
    expect(await Promise.all([work(), work(), work(), work()])).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(peak).toBe(2);
    const slow = () => budget.run(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const results = await Promise.allSettled([slow(), slow(), slow()]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY' });
  });
});
