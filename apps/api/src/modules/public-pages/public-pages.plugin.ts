import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildSitemap, SitemapCache } from './sitemap';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sitemap of this server instance, built at most hourly and served from memory. */
    sitemap: SitemapCache;
  }
}

/** What the public pages keep per server instance (decision 022): the sitemap. */
export const publicPagesPlugin = fp(
  async (app: FastifyInstance) => {
    const publicUrl = app.config.PUBLIC_URL.replace(/\/+$/, '');
    app.decorate('sitemap', new SitemapCache((now) => buildSitemap(app.db, publicUrl, now), app.log));
  },
  { name: 'public-pages' },
);
