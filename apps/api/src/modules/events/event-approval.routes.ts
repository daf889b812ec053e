import { APPROVAL_MESSAGES, pendingApprovalCountSchema, refuseEventSchema } from '@app/shared/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsDepsOf } from './events-deps-of';
import { ONE_EVENT_ANSWER } from './event-route-schema';
import { approveEvent, pendingApprovalCount, refuseEvent } from './event-approval.service';
import { actorOf, SIGNED_IN_ERRORS } from '../../lib/route-kit';

/** The 'À approuver' queue of 'Évènements' (issue 25 item 11): its count, approve, refuse with a reason. */
export const eventApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = eventsDepsOf(app);

  app.get(
    '/events/pending-approval/count',
    {
      config: { access: 'manage_events' },
      schema: {
        tags: ['events'],
        summary: 'Nombre d’événements à approuver (0 quand l’approbation n’est pas requise)',
        response: { 200: pendingApprovalCountSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async () => pendingApprovalCount(deps),
  );

  app.put(
    '/events/:id/approve',
    {
      config: { access: 'manage_events' },
      schema: { ...ONE_EVENT_ANSWER, summary: 'Approuve un événement à approuver : il est publié, l’organisateur est prévenu' },
    },
    async (request) => ({
      message: APPROVAL_MESSAGES.approved,
      event: await approveEvent(deps, actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/events/:id/refuse',
    {
      config: { access: 'manage_events' },
      schema: {
        ...ONE_EVENT_ANSWER,
        summary: 'Refuse un événement à approuver avec un motif, envoyé à l’organisateur ; il reste en brouillon',
        body: refuseEventSchema,
      },
    },
    async (request) => ({
      message: APPROVAL_MESSAGES.refused,
      event: await refuseEvent(deps, actorOf(request), request.params.id, request.body.reason),
    }),
  );
};
