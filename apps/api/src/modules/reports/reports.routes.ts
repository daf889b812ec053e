import { apiErrorSchema } from '@app/shared/common';
import {
  listReportsQuerySchema,
  listReportsResponseSchema,
  reportActionParamsSchema,
  reportResponseSchema,
} from '@app/shared/community';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { blockReportedUser, dismissReport, listReportQueue, removeReportedComment } from './reports.service';

function actorOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

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
        response: { 200: listReportsResponseSchema, ...errors },
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
        response: { 200: reportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const actor = actorOf(request);
      if (action === 'dismiss') return { message: 'Signalement classé', report: await dismissReport(deps, actor, id) };
      if (action === 'remove-comment') {
        return { message: 'Commentaire supprimé par la modération', report: await removeReportedComment(deps, actor, id) };
      }
      return { message: 'Utilisateur bloqué', report: await blockReportedUser(deps, actor, id) };
    },
  );
};
