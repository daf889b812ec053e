import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureMask } from '../src/db/contains-condition';
import { rowsOf } from '../src/db/rows-of';
import { searchable } from '../src/lib/text';
import { buildTestApp, type TestApp } from './build-test-app';
import { createSuperadminToken } from './security/harness';

/**
 * `events.search_signature` (migration 0055, decision 072): the walk of a searched list turns a
 * row down on the index when its signature lacks a bit of the query's mask. That is right only if
 * every text holding the words has all the mask's bits, wherever the words are in it.
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

/** Each search of `searches`: whether the signature of `text` has every bit of the search's mask (signatureMask). */
async function holds(text: string, searches: string[]): Promise<boolean[]> {
  const tests = searches.map((search) => {
    const mask = signatureMask(search);
    if (!mask) throw new Error(`no mask for ${search}`);
    return sql`(signature & ${mask}) = ${mask}`;
  });
  const [row] = rowsOf<{ holds: boolean[] }>(
    await app.db.execute(
      sql`select array[${sql.join(tests, sql`, `)}] as holds from (select search_signature_of(${text}) as signature) as computed`,
    ),
  );
  return row?.holds ?? [];
}

/** Every search of `searches` holds in the signature of `text` (none listed as missing). */
async function expectAllHold(text: string, searches: string[]): Promise<void> {
  const passed = await holds(text, searches);
  expect(passed).toHaveLength(searches.length);
  expect(
    searches.filter((_, index) => !passed[index]),
    text.slice(-60),
  ).toEqual([]);
}

describe('the search signature', () => {
  it('holds the mask of every part of its text, even at the end of 5,000 characters, and lacks most words it does not hold', async () => {
    const filler = 'lorem ipsum dolor '.repeat(280);
    const texts = [
      searchable('Grand gala de Yaoundé', `${filler}Scène ouverte à Kribi-Plage, n°12 (entrée 5 000 F)`, 'Rue 1.234', 'Kribi'),
      searchable('Fête à Douala', 'Concert', 'Akwa', 'Douala'),
      searchable("Soirée d'Or: l'été", 'café-théâtre 2026', 'Bonapriso', 'Douala'),
    ];
    for (const text of texts) {
      const words = text.split(/\s+/).filter((word) => [...word].length >= 3);
      // Every word, and every part of three letters or more of one, as a search may type it.
      const parts = words
        .flatMap((word) => [word, word.slice(1), word.slice(0, -1), word.slice(1, -1)])
        .filter((part) => [...part].length >= 3);
      const searches = [...parts, words.slice(-3).join(' ')];
      await expectAllHold(text, searches);
    }
    await expectAllHold(texts[0] as string, ['plage kribi entree']);
    // A word of one or two letters starts a word of the text (decision 071), at its start too.
    await expectAllHold(texts[0] as string, ['kribi n', 'gala gr', 'scene 12', 'rue 1', 'entree 5', 'gala 00']);
    await expectAllHold(texts[2] as string, ['soiree or', 'cafe th', 'soiree et', 'soiree 20']);
    // Letters outside ASCII, which show_trgm prints as hex codes: a word inside a longer one.
    const beyondAscii = searchable('Manœuvres de nuit, œuvres des consœurs, marché du bœuf, москварека');
    await expectAllHold(beyondAscii, ['œuvre', 'sœur', 'œuf', 'москва', 'nuit œ', 'nuit мо']);
    // Words absent from a text: turned down (a false pass is possible, but not for all of these).
    const absent = ['bafoussam', 'garoua', 'xylophonique', 'zanzibar', 'atelier'];
    expect((await holds(texts[1] as string, absent)).filter(Boolean).length).toBeLessThan(absent.length);
    expect(await holds(texts[1] as string, ['douala bafoussam'])).toEqual([false]);
  }, 30_000);

  it('is written by the database with the search text, and follows it when an event is edited', async () => {
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      values ('Signature', 'x', now() + interval '1 day', now() + interval '1 day 1 hour', 'Rue', 'Douala', 'concert', 'published', 'signature douala')`);
    const check = async (words: string) => {
      const mask = signatureMask(words) as SQL;
      const [row] = rowsOf<{ holds: boolean }>(
        await app.db.execute(sql`select (search_signature & ${mask}) = ${mask} as holds from events where title = 'Signature'`),
      );
      return row?.holds;
    };
    expect(await check('signature douala')).toBe(true);
    await app.db.execute(sql`update events set search_text = 'signature bafoussam' where title = 'Signature'`);
    expect(await check('signature bafoussam')).toBe(true);
    expect(await check('douala bafoussam')).toBe(false);
  });
});

describe('a searched list walked by signature', () => {
  it('finds two words that are each frequent and rare together, one at the end of a 5,000-character description', async () => {
    // 12,000 events: 'gala' in half the titles, 'kribi' in three quarters of the descriptions; both in
    // a quarter, where 'kribi' ends a long description. The planner expects about 2,700 (a fifth): the
    // lists read their page by the ordered walk, the one that tests signatures.
    const filler = 'lorem ipsum dolor '.repeat(277);
    // Written 1,500 at a time: the client gives up on one statement after 7 s, and a busy machine
    // took longer for all 12,000 (their signatures are computed as they are written).
    for (let from = 1; from <= 12_000; from += 1500) {
      await app.db.execute(sql`
        insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text, created_at)
        select title, description, now() + g * interval '1 minute', now() + g * interval '1 minute' + interval '1 hour',
               'Rue', 'Douala', 'food', 'published', lower(title || ' ' || description || ' rue douala'),
               now() - g * interval '1 second'
        from (
          select g,
                 case when g % 2 = 0 then 'Gala ' else 'Marché ' end || g as title,
                 case when g % 4 = 0 then ${filler} || 'kribi' when g % 4 = 2 then 'lorem' else 'kribi' end as description
          from generate_series(${from}::int, ${from + 1499}::int) g
        ) as made`);
    }
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`analyze events`);
    });
    const expected = async (order: string, limit: number, offset: number) =>
      rowsOf<{ title: string }>(
        await app.db.execute(sql`
          select title from events where search_text like '%gala%' and search_text like '%kribi%'
          order by ${sql.raw(order)} limit ${limit} offset ${offset}`),
      ).map((row) => row.title);
    const titles = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: { title: string }[]; total: number; next: string | null };
    };
    const q = encodeURIComponent('Kribi GALA');
    // Newest first: the public events' walk (anonymous), then every event's (superadmin).
    const anonymous = await titles(`/api/events?q=${q}&limit=5`);
    expect(anonymous.items).toHaveLength(5);
    expect(anonymous.items.map((item) => item.title)).toEqual(await expected('created_at desc, id desc', 5, 0));
    expect(anonymous.total).toBeGreaterThan(1000);
    const second = await titles(`/api/events?q=${q}&limit=5&page=3`, { authorization: `Bearer ${admin}` });
    expect(second.items.map((item) => item.title)).toEqual(await expected('created_at desc, id desc', 5, 10));
    // The cursor goes on where the page ended.
    const next = await titles(`/api/events?q=${q}&limit=5&after=${anonymous.next}`);
    expect(next.items.map((item) => item.title)).toEqual(await expected('created_at desc, id desc', 5, 5));
    // Soonest first: the agenda's walk of the start index.
    const agenda = await app.inject({ method: 'GET', url: `/evenements?q=${q}` });
    expect(agenda.statusCode).toBe(200);
    const soonest = await expected('start_date_time, id', 3, 0);
    expect(soonest).toHaveLength(3);
    for (const title of soonest) expect(agenda.body.includes(`>${title}<`), title).toBe(true);
    expect(agenda.body.includes('>Marché ')).toBe(false);
  }, 60_000);
});
