import { dashboardStatsSchema, statsChartsQuerySchema, statsChartsSchema } from '@app/shared/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStats, statsCharts } from './stats.service';
import { errorResponses } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403);

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The mobile app calls /stats/dashboard; /admin/stats/dashboard is the same answer under the admin prefix.
  for (const url of ['/stats/dashboard', '/admin/stats/dashboard']) {
    app.get(
      url,
      {
        config: { access: 'manage_users' },
        schema: {
          tags: ['stats'],
          summary: 'Chiffres du tableau de bord (les deux formes de la spécification)',
          response: { 200: dashboardStatsSchema, ...errors },
        },
      },
      // The same figures for every reader: cached briefly, dropped at any write (decision 013).
      async (request, reply) => app.answerCache.send(request, reply, 'stats:dashboard', () => dashboardStats(app.db)),
    );
  }

  app.get(
    '/admin/stats/charts',
    {
      config: { access: 'manage_users' },
      schema: {
        tags: ['stats'],
        summary: 'Séries des graphiques : inscriptions par jour, évènements par statut et catégorie, comptes par semaine',
        querystring: statsChartsQuerySchema,
        response: { 200: statsChartsSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.answerCache.send(request, reply, `stats:charts:${request.query.days}`, () => statsCharts(app.db, request.query.days)),
  );
};
