import { listAgendaCities } from './public-pages.repository';
import { agendaQuerySchema, publicEventQuerySchema } from '@app/shared/public-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADS_SCRIPT } from './ads-script';
import { COMMENTS_SCRIPT } from './comments-section';
import { renderAgenda } from './agenda';
import type { FileResult } from './event-access';
import { eventIcs } from './event-ics';
import { type EventPageResult, renderEventPage, renderShortAddressPage } from './event-page';
import { eventPreview } from './event-preview';
import type { PublicPagesDeps } from './public-pages.deps';
import { NEAR_ME_SCRIPT } from './near-me-section';
import { SHARE_SCRIPT } from './share-script';
import { renderRobots, sitemapPageBody } from './sitemap';
import { renderPrivacy } from './privacy';
import { renderTerms } from './terms';
import { perAddressKey, publicReadKey } from '../../lib/route-kit';

const slugParams = z.object({ slugId: z.string().max(200) });
const shortAddressParams = z.object({ address: z.string().max(200) });
const HTML = 'text/html; charset=utf-8';
/** Public pages change when an event does: browsers and proxies may reuse them for a minute. */
const PUBLIC_CACHE = 'public, max-age=60';
/** A private event's page (opened by its share link) is never stored by a shared cache. */
const PRIVATE_CACHE = 'private, no-store';
const XML = 'application/xml; charset=utf-8';
/** The sitemap changes at most hourly. */
const SITEMAP_CACHE = 'public, max-age=3600';
/** Crawlers read the sitemap a few times a day: per address, far above that, far below a flood. */
export const SITEMAP_RATE_PER_MINUTE = 60;
const sitemapKey = perAddressKey('sitemap');
const previewKey = perAddressKey('preview');
const sitemapPageParams = z.object({ page: z.coerce.number().int().min(1).max(50_000) });

function depsOf(app: FastifyInstance): PublicPagesDeps {
  return {
    db: app.db,
    publicUrl: app.config.PUBLIC_URL.replace(/\/+$/, ''),
    siteName: async () => (await app.settings.get()).general.siteName,
    storage: app.storage,
    previews: app.previews,
    log: app.log,
    sponsored: app.ads.serve,
    // The same list for every visitor: read once per answer-cache period.
    agendaCities: (now) => app.answerCache.value('agenda:cities', () => listAgendaCities(app.db, now)),
  };
}

function sendPage(reply: FastifyReply, result: EventPageResult) {
  if (result.kind === 'redirect') {
    // A short address whose premium ended (302) may lead back to its own page later: never kept.
    if (result.status === 302) reply.header('cache-control', 'no-cache');
    return reply.code(result.status ?? 301).redirect(result.location);
  }
  if (result.kind === 'missing') {
    return reply.code(result.status).type(HTML).header('cache-control', 'no-cache').send(result.html);
  }
  if (result.private) reply.header('x-robots-tag', 'noindex');
  return reply
    .type(HTML)
    .header('cache-control', result.private ? PRIVATE_CACHE : PUBLIC_CACHE)
    .send(result.html);
}

function sendFile(reply: FastifyReply, result: FileResult, type: string, missingText: string) {
  if (result.kind === 'redirect') return reply.code(301).redirect(result.location);
  if (result.kind === 'missing') return reply.code(result.status).type('text/plain; charset=utf-8').send(missingText);
  if (result.private) reply.header('x-robots-tag', 'noindex');
  return reply
    .type(type)
    .header('cache-control', result.private ? PRIVATE_CACHE : PUBLIC_CACHE)
    .send(result.body);
}

/** The key under which the agenda page is also kept: its URL as asked (path and query). */
const agendaPageKey = (request: FastifyRequest) => `agenda:url:${request.url}`;

/**
 * The public pages rendered on the server (decision 011): the agenda `/evenements`, one event
 * `/evenements/{slug}-{shortId}` (or its short address `/e/{address}`) with its `.ics` and its preview image, `sitemap.xml` and
 * `robots.txt`. Outside `/api`: HTML for people and crawlers, not part of the JSON API.
 */
export const publicPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  app.get(
    '/evenements',
    {
      // The agenda and its search as the event list (decision 013): limited per address, read
      // within the anonymous read budget, no page past the first 10,000 events (renderAgenda).
      config: {
        access: 'public',
        rateLimit: { max: app.config.PUBLIC_READ_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: publicReadKey },
      },
      schema: { hide: true, querystring: agendaQuerySchema },
      // The URL asked again while its page is fresh: answered here, after the rate limit and
      // before validation and handler, as the anonymous event list (decision 013).
      preValidation: app.answerCache.freshAnswerHook(agendaPageKey, { 'cache-control': PUBLIC_CACHE }),
    },
    // The same page for every reader: kept briefly like the event list (decision 013).
    async (request, reply) =>
      app.answerCache.sendPage(
        request,
        reply.header('cache-control', PUBLIC_CACHE),
        `agenda:${JSON.stringify(request.query)}`,
        HTML,
        () => app.publicReads.run(() => renderAgenda(deps, request.query)),
        agendaPageKey(request),
      ),
  );

  app.get('/evenements/partage.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(SHARE_SCRIPT),
  );

  app.get('/evenements/pres-de-moi.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(NEAR_ME_SCRIPT),
  );

  app.get('/evenements/annonces.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(ADS_SCRIPT),
  );

  app.get('/evenements/commentaires.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(COMMENTS_SCRIPT),
  );

  app.get(
    '/evenements/:slugId',
    { config: { access: 'public' }, schema: { hide: true, params: slugParams, querystring: publicEventQuerySchema } },
    async (request, reply) => {
      const result = await renderEventPage(
        deps,
        request.params.slugId,
        request.query.t,
        new Date(),
        request.query.ref,
        request.query.commentaires,
      );
      return sendPage(reply, result);
    },
  );

  // A premium event's short address (decision 056): its page, or a 302 to its usual page once premium ended.
  app.get(
    '/e/:address',
    { config: { access: 'public' }, schema: { hide: true, params: shortAddressParams, querystring: publicEventQuerySchema } },
    async (request, reply) =>
      sendPage(
        reply,
        await renderShortAddressPage(
          deps,
          request.params.address,
          request.query.t,
          new Date(),
          request.query.ref,
          request.query.commentaires,
        ),
      ),
  );

  app.get(
    '/evenements/:slugId/calendrier.ics',
    { config: { access: 'public' }, schema: { hide: true, params: slugParams, querystring: publicEventQuerySchema } },
    async (request, reply) => {
      const result = await eventIcs(deps, request.params.slugId, request.query.t);
      if (result.kind === 'file') reply.header('content-disposition', 'attachment; filename="evenement.ics"');
      return sendFile(reply, result, 'text/calendar; charset=utf-8', 'Événement introuvable');
    },
  );

  app.get(
    '/evenements/:slugId/apercu.jpg',
    {
      // Made once and stored (decision 022); still limited per address like the other public reads.
      config: {
        access: 'public',
        rateLimit: { max: app.config.PUBLIC_READ_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: previewKey },
      },
      schema: { hide: true, params: slugParams, querystring: publicEventQuerySchema },
    },
    async (request, reply) =>
      sendFile(reply, await eventPreview(deps, request.params.slugId, request.query.t), 'image/jpeg', 'Image introuvable'),
  );

  // The conditions of use, on the server so they show without JavaScript (decision 027).
  app.get('/terms', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const { siteName, contactEmail, supportPhone } = (await app.settings.get()).general;
    return reply
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(renderTerms({ siteName, contactEmail, supportPhone, publicUrl: deps.publicUrl }));
  });

  // What is kept, why, how long, and the rights (decision 048): on the server like /terms.
  app.get('/confidentialite', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const { siteName, contactEmail, supportPhone } = (await app.settings.get()).general;
    return reply
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(renderPrivacy({ siteName, contactEmail, supportPhone, publicUrl: deps.publicUrl }));
  });

  // The sitemap index and its pages, built at most hourly and served from memory (decision 022).
  const sitemapConfig = {
    access: 'public' as const,
    rateLimit: { max: SITEMAP_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: sitemapKey },
  };
  app.get('/sitemap.xml', { config: sitemapConfig, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', SITEMAP_CACHE)
      .send((await app.sitemap.get()).index),
  );

  app.get(
    '/sitemap-:page.xml',
    { config: sitemapConfig, schema: { hide: true, params: sitemapPageParams } },
    async (request, reply) => {
      const snapshot = await app.sitemap.get();
      const page = snapshot.pages[request.params.page - 1];
      if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Page du plan du site introuvable');
      const { body, gzipped } = await sitemapPageBody(page, request.headers['accept-encoding']);
      if (gzipped) reply.header('content-encoding', 'gzip');
      return reply.type(XML).header('vary', 'accept-encoding').header('cache-control', SITEMAP_CACHE).send(body);
    },
  );

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderRobots(deps.publicUrl)),
  );
};
