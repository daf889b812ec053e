import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateEventInput } from '@app/shared/events';
import { rowsOf } from '../../db/rows-of';
import { createEvent } from '../../../test/helper';
import { buildPublicPagesApp, PUBLIC_URL, type PublicPagesTestApp } from '../../../test/public-pages';
import { SITEMAP_RATE_PER_MINUTE } from './public-pages.routes';
import { buildSitemap, SITEMAP_REFRESH_MS, SITEMAP_URLS_MAX, SitemapCache, type SitemapSnapshot } from './sitemap';

/** Issue 24 item 3 and issue 25 item 7: the sitemap as an index of pages, built once, limited. */
let testApp: PublicPagesTestApp;
let app: FastifyInstance;
let owner: string;

beforeAll(async () => {
  testApp = await buildPublicPagesApp();
  app = testApp.app;
  owner = testApp.owner.token;
});
afterAll(() => testApp.close());

let address = 0;
/** Each call from its own client address unless told (the sitemap is limited per address). */
function get(url: string, from = `10.40.${Math.floor(++address / 250)}.${(address % 250) + 1}`, headers = {}) {
  return app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': from, ...headers } });
}

const make = (title: string, status: 'draft' | 'published' | 'cancelled' = 'published', extra: Partial<CreateEventInput> = {}) =>
  createEvent(
    app,
    owner,
    { title, description: 'Description.', location: { address: 'Rue 1', city: 'Douala' }, category: 'concert', ...extra },
    status,
  );

const locs = (body: string) => [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);

/** Every URL of the sitemap: the index's pages, read one by one. */
async function allUrls(): Promise<string[]> {
  const index = await get('/sitemap.xml');
  expect(index.statusCode, index.body).toBe(200);
  const urls: string[] = [];
  for (const page of locs(index.body)) {
    const response = await get(page.replace(PUBLIC_URL, ''));
    expect(response.statusCode).toBe(200);
    urls.push(...locs(response.body));
  }
  return urls;
}

describe('the sitemap', () => {
  it('is built once for 30 parallel requests, then served from memory until it is an hour old', async () => {
    const listed = await make('Concert dans le plan');
    app.sitemap.forget();
    const before = app.sitemap.builds;
    const answers = await Promise.all(Array.from({ length: 30 }, () => get('/sitemap.xml')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(app.sitemap.builds - before).toBe(1);

    // An event published now is not read again per request: the sitemap in memory is served.
    const later = await make('Publié après la construction');
    const urls = await allUrls();
    expect(urls).toContain(`${PUBLIC_URL}${listed.publicPath}`);
    expect(urls).not.toContain(`${PUBLIC_URL}${later.publicPath}`);
    expect(app.sitemap.builds - before).toBe(1);
  });

  it('is an index whose pages hold the public pages, never drafts, private or cancelled events', async () => {
    const open = await make('Ouvert à tous');
    const draft = await make('Brouillon', 'draft');
    const cancelled = await make('Annulé hier', 'cancelled');
    const hidden = await make('Privé', 'published', { isPublic: false });
    app.sitemap.forget();
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.body)).toEqual([`${PUBLIC_URL}/sitemap-1.xml`]);
    const urls = await allUrls();
    expect(urls).toEqual(
      expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/evenements`, `${PUBLIC_URL}${open.publicPath}`]),
    );
    for (const left of [draft, cancelled, hidden]) expect(urls).not.toContain(`${PUBLIC_URL}${left.publicPath}`);
    // The cancelled event's page itself still answers (its 30 days).
    expect((await get(cancelled.publicPath)).statusCode).toBe(200);
    expect((await get('/sitemap-2.xml')).statusCode).toBe(404);
  });

  it('answers a page gzipped to a crawler that accepts it, plain to one that does not', async () => {
    const zipped = await get('/sitemap-1.xml', undefined, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await get('/sitemap-1.xml', undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
  });

  it('limits each address', async () => {
    const from = '10.41.0.1';
    const answers = [];
    for (let i = 0; i <= SITEMAP_RATE_PER_MINUTE; i += 1) answers.push((await get('/sitemap.xml', from)).statusCode);
    expect(answers.slice(0, SITEMAP_RATE_PER_MINUTE)).toEqual(Array(SITEMAP_RATE_PER_MINUTE).fill(200));
    expect(answers.at(-1)).toBe(429);
    expect((await get('/sitemap.xml', '10.41.0.2')).statusCode).toBe(200);
  });

  it(`cuts the events into pages of at most ${SITEMAP_URLS_MAX.toLocaleString('en')} URLs, read in chunks by id`, async () => {
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, is_public)
      select 'Évènement ' || g, 'd', now() + interval '1 day', now() + interval '2 days', 'Rue', 'Douala', 'concert', 'published', true
      from generate_series(1, 45) g`);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from events where status = 'published' and is_public`),
    );
    // Pages of 10 URLs read 7 events at a time: the same cuts as 50,000 read 10,000 at a time.
    const small = await buildSitemap(app.db, PUBLIC_URL, Date.now(), { page: 10, chunk: 7 });
    const pages = small.pages.map((page) => locs(gunzipSync(page).toString()));
    expect(pages.length).toBe(Math.ceil((n + 3) / 10));
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(10);
    const urls = pages.flat();
    // The three site pages and every public event, each once.
    expect(urls).toHaveLength(n + 3);
    expect(new Set(urls).size).toBe(urls.length);
    expect(locs(small.index)).toEqual(pages.map((_page, i) => `${PUBLIC_URL}/sitemap-${i + 1}.xml`));
    // The server's own pages hold the protocol's maximum.
    expect(SITEMAP_URLS_MAX).toBe(50_000);
    app.sitemap.forget();
    expect(locs((await get('/sitemap-1.xml')).body)).toHaveLength(n + 3);
  });
});

describe('SitemapCache', () => {
  const log = { info() {}, error() {} } as never;
  const snapshot = (now: number): SitemapSnapshot => ({ builtAt: now, index: `built ${now}`, pages: [], urls: 0, buildMs: 0 });

  it('builds again once an hour old, answering the last one while the next is built', async () => {
    let now = 1_000;
    let release: () => void = () => {};
    let builds = 0;
    const cache = new SitemapCache(
      async (at) => {
        builds += 1;
        if (builds > 1) await new Promise<void>((resolve) => (release = resolve));
        return snapshot(at);
      },
      log,
      SITEMAP_REFRESH_MS,
      () => now,
    );
    expect((await cache.get()).index).toBe('built 1000');
    now += SITEMAP_REFRESH_MS - 1;
    expect((await cache.get()).index).toBe('built 1000');
    expect(builds).toBe(1);
    now += 1;
    // Stale: answered at once, one rebuild behind it however many ask.
    const answers = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(answers.map((answer) => answer.index)).toEqual(['built 1000', 'built 1000', 'built 1000']);
    expect(builds).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get()).index).toBe(`built ${now}`);
  });

  it('keeps the last sitemap when a rebuild fails', async () => {
    let now = 0;
    let fail = false;
    const cache = new SitemapCache(
      async (at) => {
        if (fail) throw new Error('database down');
        return snapshot(at);
      },
      log,
      SITEMAP_REFRESH_MS,
      () => now,
    );
    await cache.get();
    fail = true;
    now = SITEMAP_REFRESH_MS * 2;
    expect((await cache.get()).index).toBe('built 0');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get()).index).toBe('built 0');
  });
});
