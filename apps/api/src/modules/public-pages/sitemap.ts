import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '@app/shared/douala-time';
import type { Database } from '../../db/client';
import { eventPublicPath } from '../events/event-paths';
import { listForSitemap } from './public-pages.repository';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** The sitemaps protocol's ceiling: at most 50,000 URLs (and 50 MB) in one sitemap file. */
export const SITEMAP_URLS_MAX = 50_000;
/** The sitemap is built at most this often (decision 022); meanwhile it is served from memory. */
export const SITEMAP_REFRESH_MS = 60 * 60_000;
/** Events read per query while building (keyset by id, one connection, one query after the other). */
const READ_CHUNK = 10_000;
/** Published events stay listed this long after they end (as their pages stay). */
const ENDED_LISTED_DAYS = 30;

/** One build of the sitemap: the index and its pages (each gzipped, ≤ SITEMAP_URLS_MAX URLs). */
export interface SitemapSnapshot {
  /** When it was built (the clock's milliseconds). */
  builtAt: number;
  /** `sitemap.xml`: the sitemap index. */
  index: string;
  /** `sitemap-{n}.xml` for n = 1…pages.length, gzipped. */
  pages: Buffer[];
  urls: number;
  buildMs: number;
}

function xml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );
}

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

export function sitemapPagePath(page: number): string {
  return `/sitemap-${page}.xml`;
}

/**
 * Builds the whole sitemap: the landing page, the agenda and the terms, then every public event
 * page (published, public, not ended more than 30 days ago; never a draft, a private or a
 * cancelled event), read by id in chunks, cut into pages of at most SITEMAP_URLS_MAX URLs, each
 * kept gzipped, and the index listing the pages.
 */
export async function buildSitemap(
  db: Database,
  publicUrl: string,
  now: number,
  sizes: { page: number; chunk: number } = { page: SITEMAP_URLS_MAX, chunk: READ_CHUNK },
): Promise<SitemapSnapshot> {
  const started = performance.now();
  const absolute = (path: string) => xml(`${publicUrl}${path}`);
  const pages: Buffer[] = [];
  let current: string[] = [
    `<url><loc>${absolute('/')}</loc><changefreq>daily</changefreq><priority>1.0</priority></url>`,
    `<url><loc>${absolute('/evenements')}</loc><changefreq>hourly</changefreq><priority>0.9</priority></url>`,
    `<url><loc>${absolute('/terms')}</loc><changefreq>yearly</changefreq><priority>0.3</priority></url>`,
  ];
  let urls = current.length;
  const flush = async () => {
    pages.push(await gzip(`${URLSET_OPEN}${current.join('\n')}\n${URLSET_CLOSE}`));
    current = [];
  };
  const since = new Date(now - ENDED_LISTED_DAYS * DAY_MS);
  let afterId: string | null = null;
  for (;;) {
    const rows = await listForSitemap(db, since, afterId, sizes.chunk);
    for (const row of rows) {
      if (current.length >= sizes.page) await flush();
      current.push(`<url><loc>${absolute(eventPublicPath(row))}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`);
      urls += 1;
    }
    if (rows.length < sizes.chunk) break;
    afterId = rows[rows.length - 1]?.id ?? null;
  }
  await flush();
  const lastmod = new Date(now).toISOString();
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages
    .map((_page, i) => `<sitemap><loc>${absolute(sitemapPagePath(i + 1))}</loc><lastmod>${lastmod}</lastmod></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
  return { builtAt: now, index, pages, urls, buildMs: performance.now() - started };
}

/** A page of the sitemap as sent: gzipped when the caller accepts it (crawlers do), else plain. */
export async function sitemapPageBody(
  page: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; gzipped: boolean }> {
  if (acceptEncoding && /\bgzip\b|\*/.test(acceptEncoding)) return { body: page, gzipped: true };
  return { body: await gunzip(page), gzipped: false };
}

/**
 * The sitemap of this server instance (decision 022): built on the first request and then at most
 * every `maxAgeMs`, one build at a time however many requests arrive (they share it); past its age
 * the last one is served while the next is built behind it. A failed rebuild is logged and the
 * last sitemap kept.
 */
export class SitemapCache {
  /** How many builds were started (tests, and the log of each build). */
  builds = 0;
  private current: SitemapSnapshot | null = null;
  private building: Promise<SitemapSnapshot> | null = null;

  constructor(
    private readonly build: (now: number) => Promise<SitemapSnapshot>,
    private readonly log: FastifyBaseLogger,
    private readonly maxAgeMs = SITEMAP_REFRESH_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(): Promise<SitemapSnapshot> {
    const current = this.current;
    if (current && this.clock() - current.builtAt < this.maxAgeMs) return current;
    const building = this.rebuild();
    return current ?? building;
  }

  private rebuild(): Promise<SitemapSnapshot> {
    if (this.building) return this.building;
    this.builds += 1;
    const building = this.build(this.clock()).then((snapshot) => {
      this.current = snapshot;
      this.log.info(
        { urls: snapshot.urls, pages: snapshot.pages.length, buildMs: Math.round(snapshot.buildMs) },
        'sitemap built',
      );
      return snapshot;
    });
    this.building = building;
    building
      .catch((error: unknown) => this.log.error({ err: error }, 'sitemap not built'))
      .finally(() => {
        if (this.building === building) this.building = null;
      });
    return building;
  }

  /** The next request builds it afresh (tests, the seed). */
  forget(): void {
    this.current = null;
  }
}

/** `robots.txt`: everything but the back office, the sign-in and the API, and where the sitemap is. */
export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /GetStarted',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
