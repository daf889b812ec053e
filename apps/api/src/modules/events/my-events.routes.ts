import { idParamsSchema } from '@app/shared/common';
import { eventResponseSchema } from '@app/shared/events';
import { myEventsQuerySchema, myEventsResponseSchema } from '@app/shared/my-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsDepsOf } from './events-deps-of';
import { actorOf, perAccountKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';
import { duplicateEvent, myEventsFor } from './my-events.service';

/** A duplicate re-encodes the images like an upload: the images' budget per account. */
const DUPLICATE_RATE = { max: 20, timeWindow: '10 minutes', keyGenerator: perAccountKey('event-duplicate') };

/** 'Mes évènements' (issue 27 item 1, decision 037): the organiser's tabs and the duplicate. */
export const myEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = eventsDepsOf(app);

  app.get(
    '/events/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          'Mes évènements : une page d’un onglet (drafts, published, pending = en attente d’approbation, past, cancelled) et le nombre d’évènements de chaque onglet',
        querystring: myEventsQuerySchema,
        response: { 200: myEventsResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => myEventsFor(deps, actorOf(request), request.query),
  );

  app.post(
    '/events/:id/duplicate',
    {
      config: { access: 'authenticated', rateLimit: DUPLICATE_RATE },
      schema: {
        tags: ['events'],
        summary:
          'Duplique un de ses évènements en un nouveau brouillon (mêmes champs, billets et images ; dates décalées de semaines entières jusqu’à être à venir)',
        params: idParamsSchema,
        response: { 201: eventResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const event = await duplicateEvent(deps, actorOf(request), request.params.id);
      return reply.code(201).send({ message: 'Événement dupliqué : un nouveau brouillon', event });
    },
  );
};
