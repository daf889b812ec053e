import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { todayInDouala } from '@app/shared/launch';
import { FORM_TOKEN_SLOT, type LandingData } from '@app/shared/landing';

/** Answered by the public pages module (its own routes), never from the build. */
const SERVED_ELSEWHERE = ['robots.txt', 'sitemap.xml'];
/** The landing form's address for a post without JavaScript (apps/web/src/landing/waitlist-form.tsx). */
const WAITLIST_ACTION = 'action="/liste-d-attente"';

export interface WebAppOptions {
  distDir: string;
  /** The live values of the landing page that come from feature modules (app.ts passes them). */
  landingValues: () => Promise<Pick<LandingData, 'count' | 'events' | 'adsScript'>>;
}

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, HTML never
 * cached, and every client route answered with the app shell.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: WebAppOptions) => {
    const { distDir } = options;
    const indexFile = path.join(distDir, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.log.warn({ distDir }, 'web app not built: only the API is served');
      return;
    }
    // The shell for client routes; `/` has its own prerendered index.html.
    const shellFile = fs.existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';

    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // The server-side landing bundle and its template are not public; `/index.html` is answered
      // by the route below (live landing page); robots and sitemap by the public pages module.
      globIgnore: ['ssr/**', 'index.html', ...SERVED_ELSEWHERE],
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html') || ['sw.js', 'push-sw.js'].includes(path.basename(filePath))) {
          // The service worker (and the push handlers it imports) is looked up at each visit, so a new version takes over at once.
          res.setHeader('cache-control', 'no-cache');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });

    const files = new Set(listFiles(distDir).filter((file) => !file.startsWith('ssr/') && !SERVED_ELSEWHERE.includes(file)));
    const publicUrl = app.config.PUBLIC_URL.replace(/\/+$/, '');
    const landing = await landingRenderer(app, distDir, publicUrl, options.landingValues);

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = safeDecode(request.url.split('?')[0] ?? '/');
      if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.callNotFound();
      if (urlPath === '/' || urlPath === '/index.html') {
        const cachedHtml = await landing?.();
        if (!cachedHtml) return reply.sendFile('index.html');
        // Each answer gets a fresh form token (the cached page has its slot) and carries `?ref=` into
        // the form's address, for the sign-up without JavaScript (decision 027).
        const ref = new URLSearchParams(request.url.split('?')[1] ?? '').get('ref')?.trim();
        let html = cachedHtml.replaceAll(FORM_TOKEN_SLOT, app.formTokens.issue());
        if (ref && /^[\w-]{1,64}$/.test(ref)) html = html.replace(WAITLIST_ACTION, `${WAITLIST_ACTION.slice(0, -1)}?ref=${ref}"`);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      }
      const relative = urlPath.replace(/^\/+/, '');
      if (files.has(relative)) return reply.sendFile(relative);
      if (/\.[a-z0-9]+$/i.test(relative)) return reply.code(404).type('text/plain').send('Not found');
      return reply.sendFile(shellFile);
    });
  },
  {
    name: 'web-app',
    // The referral clicks' hook and the landing page's cache must exist before its routes.
    dependencies: ['caches', 'referrals'],
    decorators: { fastify: ['config', 'settings', 'formTokens'] },
  },
);

/**
 * `/` rendered on the server with the live waiting-list count, support contact, planned launch
 * date (FAQ), the year in Douala (footer) and next public events (the build's
 * prerender step leaves `ssr/landing.mjs` and its template), kept in `app.caches.landingPage`:
 * reused for its TTL, so the waiting-list count it shows is that fresh, and dropped by every
 * content change and settings save (plugins/caches.ts), so an event published or a contact saved
 * shows on the next visit; other instances show it within the TTL (decision 027). Answers null when the build has no such bundle or the values cannot be read: the prerendered
 * index.html is served instead.
 */
async function landingRenderer(
  app: FastifyInstance,
  distDir: string,
  publicUrl: string,
  landingValues: WebAppOptions['landingValues'],
) {
  const bundle = path.join(distDir, 'ssr', 'landing.mjs');
  const templateFile = path.join(distDir, 'ssr', 'landing.template.html');
  if (!fs.existsSync(bundle) || !fs.existsSync(templateFile)) return null;
  const { renderLanding } = (await import(pathToFileURL(bundle).href)) as {
    renderLanding: (template: string, data: LandingData) => string;
  };
  const template = fs.readFileSync(templateFile, 'utf8').replaceAll('__PUBLIC_URL__', publicUrl);
  const render = async (): Promise<string> => {
    const [{ count, events, adsScript }, settings] = await Promise.all([landingValues(), app.settings.get()]);
    const { siteName, contactEmail, supportPhone, launchDate } = settings.general;
    const data: LandingData = {
      count,
      siteName,
      contactEmail,
      supportPhone,
      events,
      launchDate,
      today: todayInDouala(),
      formToken: FORM_TOKEN_SLOT,
      adsScript: adsScript ?? null,
    };
    return renderLanding(template, data);
  };
  return async (): Promise<string | null> => {
    try {
      return await app.caches.landingPage.get('html', render);
    } catch (error) {
      app.log.warn({ err: error }, 'landing page not rendered: the prerendered one is served');
      return null;
    }
  };
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listFiles(path.join(dir, entry.name), relative);
    return entry.name.endsWith('.br') || entry.name.endsWith('.gz') ? [] : [relative];
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
