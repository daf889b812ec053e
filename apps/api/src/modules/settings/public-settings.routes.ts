import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '@app/shared/settings';

/** What anyone may read of the settings: the site name and the support contact (landing footer). */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], summary: 'Nom du site et contact du support', response: { 200: publicSettingsSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const { siteName, contactEmail, supportPhone } = (await app.settings.get()).general;
      return { siteName, contactEmail, supportPhone };
    },
  );
};
