import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PreviewStore } from './previews';
import { buildSitemap, SitemapCache } from './sitemap';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sitemap of this server instance, built at most hourly and served from memory. */
    sitemap: SitemapCache;
    /** The share previews (`apercu.jpg`), made once and kept in the upload storage. */
    previews: PreviewStore;
  }
}

/** What the public pages keep per server instance (decision 022): the sitemap and the share previews. */
export const publicPagesPlugin = fp(
  async (app: FastifyInstance) => {
    const publicUrl = app.config.PUBLIC_URL.replace(/\/+$/, '');
    app.decorate('previews', new PreviewStore(app.storage));
    app.decorate('sitemap', new SitemapCache((now) => buildSitemap(app.db, publicUrl, now), app.log));
  },
  { name: 'public-pages', dependencies: ['uploads-storage'], decorators: { fastify: ['config', 'db'] } },
);
