import { settingsInputSchema, settingsSchema } from '@app/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403);

/** GET/PUT /admin/settings, the PUT carrying the whole object. Superadmins hold manage_admins. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    {
      config: { access: 'manage_admins' },
      schema: { tags: ['settings'], summary: 'Paramètres de l’application', response: { 200: settingsSchema, ...errors } },
    },
    async () => app.settings.get(),
  );

  app.put(
    '/admin/settings',
    {
      config: { access: 'manage_admins' },
      schema: {
        tags: ['settings'],
        summary: 'Remplace tous les paramètres',
        body: settingsInputSchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    // The save and its audit row are one transaction (SettingsService.save).
    async (request) => app.settings.save(request.body, request.user?.id ?? null),
  );
};
