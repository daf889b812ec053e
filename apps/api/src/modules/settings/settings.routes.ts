import { settingsInputSchema, settingsSchema } from '@app/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../audit/audit.repository';
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
    async (request) => {
      const before = await app.settings.get();
      const saved = await app.settings.save(request.body, request.user?.id ?? null);
      await recordAudit(app.db, {
        actorId: request.user?.id ?? null,
        action: 'settings.update',
        targetType: 'settings',
        targetId: '1',
        before,
        after: saved,
      });
      return saved;
    },
  );
};
