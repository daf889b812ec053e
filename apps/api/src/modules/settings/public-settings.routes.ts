import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { effectivePasswordMinLength } from '@app/shared/auth';
import { publicSettingsSchema } from '@app/shared/settings';

/** What anyone may read of the settings: the site name and the support contact (landing footer). */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Nom du site, contact du support et longueur minimale des mots de passe',
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const settings = await app.settings.get();
      const { siteName, contactEmail, supportPhone } = settings.general;
      return {
        siteName,
        contactEmail,
        supportPhone,
        passwordMinLength: effectivePasswordMinLength(settings.security.passwordMinLength),
      };
    },
  );
};
