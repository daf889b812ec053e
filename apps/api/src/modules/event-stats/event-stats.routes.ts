import { idParamsSchema } from '@app/shared/common';
import { eventStatsSchema } from '@app/shared/event-stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses } from '../../lib/route-kit';
import { eventStats } from './event-stats.service';

const errors = errorResponses(400, 401, 403, 404);

export const eventStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/stats',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          'Statistiques d’un événement pour son organisateur (ou manage_events) : totaux ; par jour et sources avec premium ; 404 pour un autre',
        params: idParamsSchema,
        response: { 200: eventStatsSchema, ...errors },
      },
    },
    async (request) => eventStats(app.db, actorOf(request), request.params.id),
  );
};
