import { healthSchema } from '@app/shared/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Santé du service : 200 quand la base de données répond, 503 sinon ; état de Redis',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'unavailable',
        database: up ? 'up' : 'down',
        // Redis down is not an outage: the limits fall back to in-process counters.
        redis: app.redisState(),
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
