import {
  attachBusinessPageEventSchema,
  businessPageActionParamsSchema,
  businessPageAdminDetailSchema,
  businessPageDetailSchema,
  businessPageEventParamsSchema,
  businessPageResponseSchema,
  createBusinessPageSchema,
  listBusinessPagesQuerySchema,
  listBusinessPagesResponseSchema,
} from '@app/shared/business-pages';
import { idParamsSchema } from '@app/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attachEventFor,
  type BusinessPagesDeps,
  createBusinessPage,
  detachEventFor,
  getBusinessPageAdminDetail,
  getBusinessPageFor,
  listBusinessPagesFor,
  setBusinessPageState,
} from './business-pages.service';
import { actorOf, SIGNED_IN_ERRORS } from '../../lib/route-kit';

/**
 * Business event pages (`GET /business-event-pages?page={n}&limit=10`): the list and
 * (de)activation with `manage_business`; creating a page, reading it and attaching events for its
 * owner (the service checks ownership).
 */
export const businessPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): BusinessPagesDeps => ({ db: app.db });

  app.get(
    '/business-event-pages',
    {
      config: { access: 'manage_business' },
      schema: {
        tags: ['business-pages'],
        summary:
          'Pages BusinessEvents, les plus récentes d’abord : nom, propriétaire, abonnement, nombre d’événements, statut ; q cherche le nom, le propriétaire ou son téléphone (toute écriture), le partenaire',
        querystring: listBusinessPagesQuerySchema,
        response: { 200: listBusinessPagesResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listBusinessPagesFor(deps(), request.query),
  );

  app.get(
    '/admin/business-event-pages/:id',
    {
      config: { access: 'manage_business' },
      schema: {
        tags: ['business-pages'],
        summary: 'Le panneau du back-office : propriétaire et contact, abonnement, derniers événements, historique des statuts',
        params: idParamsSchema,
        response: { 200: businessPageAdminDetailSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getBusinessPageAdminDetail(deps(), request.params.id),
  );

  app.post(
    '/business-event-pages',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['business-pages'],
        summary: 'Crée sa page (gratuite) ; pour un partenaire seulement si l’on est un de ses utilisateurs autorisés',
        body: createBusinessPageSchema,
        response: { 201: businessPageResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const page = await createBusinessPage(deps(), actorOf(request), request.body);
      return reply.code(201).send({ message: 'Page créée', page });
    },
  );

  app.get(
    '/business-event-pages/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['business-pages'],
        summary: 'Une page et ses événements (son propriétaire ou manage_business)',
        params: idParamsSchema,
        response: { 200: businessPageDetailSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getBusinessPageFor(deps(), actorOf(request), request.params.id),
  );

  app.put(
    '/business-event-pages/:id/:action',
    {
      config: { access: 'manage_business' },
      schema: {
        tags: ['business-pages'],
        summary: 'activate / deactivate une page',
        params: businessPageActionParamsSchema,
        response: { 200: businessPageResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const page = await setBusinessPageState(deps(), actorOf(request), id, action);
      return { message: action === 'activate' ? 'Page activée' : 'Page désactivée', page };
    },
  );

  app.post(
    '/business-event-pages/:id/events',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['business-pages'],
        summary: 'Ajoute un de ses événements à sa page (ou un événement du partenaire de la page)',
        params: idParamsSchema,
        body: attachBusinessPageEventSchema,
        response: { 200: businessPageResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Événement ajouté à la page',
      page: await attachEventFor(deps(), actorOf(request), request.params.id, request.body.eventId),
    }),
  );

  app.delete(
    '/business-event-pages/:id/events/:eventId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['business-pages'],
        summary: 'Retire un événement de la page',
        params: businessPageEventParamsSchema,
        response: { 200: businessPageResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Événement retiré de la page',
      page: await detachEventFor(deps(), actorOf(request), request.params.id, request.params.eventId),
    }),
  );
};
