import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DEPTH_MAX } from '@app/shared/page-depth';
import { buildTestApp, type TestApp } from './build-test-app';
import { bearer, createUser } from './factories';
import { createSuperadminToken } from './security/harness';

/**
 * The keyset cursor (decision 069): following `next` with `?after=` reads every row once, none
 * skipped or repeated, while rows are written between pages, rows sharing a timestamp included,
 * and past the numbered pages' depth cap.
 */
let testApp: TestApp;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  admin = await createSuperadminToken(app);
});
afterAll(async () => {
  await testApp.close();
});

/** Inserts `count` published public events in one statement: they share one `created_at` (now()). */
async function insertEvents(prefix: string, count: number, startIn = "interval '1 day'") {
  await app.db.execute(sql`
    insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
    select ${prefix} || ' ' || g, 'x', now() + ${sql.raw(startIn)} + g * interval '1 minute',
           now() + ${sql.raw(startIn)} + g * interval '1 minute' + interval '1 hour',
           'Rue', 'Douala', 'concert', 'published', lower(${prefix}) || ' ' || g
    from generate_series(1, ${count}) g`);
}

/** Follows `next` from the first page; `between` runs after each page is read. */
async function follow(url: string, headers: Record<string, string>, between: (page: number) => Promise<void> = async () => {}) {
  const seen: string[] = [];
  let next: string | null = null;
  for (let page = 1; page < 10_000; page += 1) {
    const response = await app.inject({ method: 'GET', url: next ? `${url}&after=${next}` : url, headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: { _id: string }[]; next: string | null };
    seen.push(...body.items.map((item) => item._id));
    next = body.next;
    if (!next) return seen;
    await between(page);
  }
  throw new Error('the cursor never ended');
}

describe('the keyset cursor of the event list', () => {
  it('reads every event once, newest first, though 25 share one creation time and events are written between pages', async () => {
    await insertEvents('Tie', 25);
    const before = await app.inject({ method: 'GET', url: '/api/events?q=tie&limit=100', headers: bearer(admin) });
    const all = (before.json().items as { _id: string }[]).map((item) => item._id);
    expect(all).toHaveLength(25);

    const seen = await follow('/api/events?q=tie&limit=4', bearer(admin), async (page) => {
      // A newer event (before the cursor) and a deletion of one already read, between pages.
      await insertEvents(`Tie new${page}`, 1);
      if (page === 2) await app.db.execute(sql`delete from events where id = ${all[0]}`);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all);
  });

  it('follows the soonest-first order of upcoming events, and sees an event added ahead of the cursor once', async () => {
    await insertEvents('Soon', 12, "interval '3000 days'");
    const url = '/api/events?q=soon&date=upcoming&limit=5';
    let added = '';
    const seen = await follow(url, {}, async (page) => {
      if (page !== 1) return;
      await insertEvents('Soon late', 1, "interval '4000 days'");
      added = ((await app.db.execute(sql`select id from events where title = 'Soon late 1'`)) as { rows: { id: string }[] })
        .rows[0]!.id;
    });
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
    expect(seen.at(-1)).toBe(added);
  });

  it('ends with `next: null` on the last page, and a page number still pages as before', async () => {
    await insertEvents('Edge', 6);
    const first = (await app.inject({ method: 'GET', url: '/api/events?q=edge&limit=3' })).json();
    expect(first.next).toMatch(/^\d+\.[0-9a-f-]{36}$/);
    const second = (await app.inject({ method: 'GET', url: `/api/events?q=edge&limit=3&after=${first.next}` })).json();
    expect(second.items).toHaveLength(3);
    expect(second.next).toBeNull();
    const numbered = (await app.inject({ method: 'GET', url: '/api/events?q=edge&limit=3&page=2' })).json();
    expect(numbered.items).toEqual(second.items);
  });

  it('refuses a malformed cursor in French', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/events?after=abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ after: ['Curseur invalide : repartez de la première page'] });
  });

  it(`goes past the ${PAGE_DEPTH_MAX} rows a page number reaches, for the superadmin too`, async () => {
    await insertEvents('Deep', PAGE_DEPTH_MAX + 50);
    const deep = await app.inject({
      method: 'GET',
      url: `/api/events?q=deep&limit=100&page=${PAGE_DEPTH_MAX / 100 + 1}`,
      headers: bearer(admin),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'PAGE_TOO_DEEP',
      message: 'Page trop lointaine : affinez la recherche ou les filtres pour voir ces événements',
    });
    const seen = await follow('/api/events?q=deep&limit=100', bearer(admin));
    expect(seen).toHaveLength(PAGE_DEPTH_MAX + 50);
    expect(new Set(seen).size).toBe(PAGE_DEPTH_MAX + 50);
  });
});

describe('the keyset cursor of an event’s comments', () => {
  it('reads every comment once while comments are posted between pages', async () => {
    await insertEvents('Talk', 1);
    const eventId = ((await app.db.execute(sql`select id from events where title = 'Talk 1'`)) as { rows: { id: string }[] })
      .rows[0]!.id;
    const author = await createUser(app);
    // 15 comments in one statement: one creation time.
    await app.db.execute(sql`
      insert into event_comments (event_id, user_id, text)
      select ${eventId}, ${author.id}, 'Commentaire ' || g from generate_series(1, 15) g`);
    await app.db.execute(sql`update events set comments_count = 15 where id = ${eventId}`);
    const seen = await follow(`/api/events/${eventId}/comments?limit=4`, {}, async () => {
      await app.db.execute(
        sql`insert into event_comments (event_id, user_id, text) values (${eventId}, ${author.id}, 'Plus récent')`,
      );
    });
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
  });
});

describe('a search of several words (decision 069)', () => {
  it('finds every word in any order, and none for two frequent words never together', async () => {
    // 40,000 events: 'fête' always with Douala, 'marché' always with Kribi. The planner, which takes
    // words as independent, expects 10,000 of each mix.
    // Written 5,000 at a time without the requests' statement timeout: a busy machine exceeded it,
    // and the client's own read timeout after it, with all 40,000 in one statement.
    for (let from = 1; from <= 40_000; from += 5000) {
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`
          insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
          select case when g % 2 = 0 then 'Fête ' else 'Marché ' end || g, 'x', now() + interval '1 day', now() + interval '1 day 1 hour',
                 'Rue', case when g % 2 = 0 then 'Douala' else 'Kribi' end, 'food', 'published',
                 case when g % 2 = 0 then 'fete ' || g || ' douala' else 'marche ' || g || ' kribi' end
          from generate_series(${from}::int, ${from + 4999}::int) g`);
      });
    }
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`analyze events`);
    });
    const together = await app.inject({ method: 'GET', url: `/api/events?q=${encodeURIComponent('Douala fête')}&limit=5` });
    expect(together.statusCode, together.body).toBe(200);
    const found = together.json();
    expect(found.items).toHaveLength(5);
    for (const item of found.items) expect(item.title).toMatch(/^Fête \d+$/);
    // Not counted: the planner's estimate, beyond the exact part of a count.
    expect(found.total).toBeGreaterThan(1000);
    // Never together: the walk finds none (or, on PostgreSQL, is cut short and the search counted).
    const never = (await app.inject({ method: 'GET', url: `/api/events?q=${encodeURIComponent('fête kribi')}` })).json();
    expect(never).toMatchObject({ items: [], total: 0, next: null });
    // 40,000 rows written and analysed: seconds on a busy 2-core machine.
  }, 60_000);
});

describe('a word of one or two letters (decision 071)', () => {
  it('finds where a word starts with it, at the start of the text or after a space, not inside a word', async () => {
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      select title, 'x', now() + interval '1 day', now() + interval '1 day 1 hour', 'Rue', 'Douala', 'concert', 'published', lower(title)
      from unnest(array['Bazar 77', 'Bazar 7712', 'Bazar 1977', 'DJ bazar', 'Bazar adjoint', '77 bazar']) as title`);
    const titles = async (q: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/events?q=${encodeURIComponent(q)}&limit=50` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { title: string }[]).map((item) => item.title).sort();
    };
    expect(await titles('bazar 77')).toEqual(['77 bazar', 'Bazar 77', 'Bazar 7712']);
    expect(await titles('77 BAZAR')).toEqual(['77 bazar', 'Bazar 77', 'Bazar 7712']);
    expect(await titles('bazar dj')).toEqual(['DJ bazar']);
    // Alone, the short word is where a word starts too: 'adjoint' holds 'dj' inside, not at its start.
    expect(await titles('dj')).toEqual(['DJ bazar']);
  });
});
