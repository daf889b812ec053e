import {
  listReportsQuerySchema,
  listReportsResponseSchema,
  reportActionParamsSchema,
  reportResponseSchema,
} from '@app/shared/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockReportedUser, dismissReport, listReportQueue, removeReportedComment } from './reports.service';
import { actorOf, SIGNED_IN_ERRORS } from '../../lib/route-kit';
import { toReport } from './reports.view';

/**
 * The moderation queue ('Signalements'). Both routes declare 'authenticated'; the service lets
 * `manage_users` handle reports on users and `manage_admins` reports on administrators.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db };

  app.get(
    '/reports',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['reports'],
        summary:
          'Signalements ouverts, du plus récent au plus ancien (sur des utilisateurs : manage_users ; sur des administrateurs : manage_admins)',
        querystring: listReportsQuerySchema,
        response: { 200: listReportsResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listReportQueue(deps, actorOf(request), request.query.page, request.query.limit),
  );

  app.put(
    '/reports/:id/:action',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['reports'],
        summary:
          'dismiss : classe le signalement ; block : bloque l’utilisateur signalé (ses sessions prennent fin) et clôt ses signalements ; remove-comment : supprime le commentaire signalé (audité) et clôt ses signalements',
        params: reportActionParamsSchema,
        response: { 200: reportResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const actor = actorOf(request);
      if (action === 'dismiss') return { message: 'Signalement classé', report: toReport(await dismissReport(deps, actor, id)) };
      if (action === 'remove-comment') {
        return { message: 'Commentaire supprimé par la modération', report: await removeReportedComment(deps, actor, id) };
      }
      const report = toReport(await blockReportedUser(deps, actor, id));
      await app.realtime.tell([report.target._id], { type: 'revoked' });
      return { message: 'Utilisateur bloqué', report };
    },
  );
};
