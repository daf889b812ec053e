import multipart from '@fastify/multipart';
import { apiErrorSchema, idParamsSchema } from '@app/shared/common';
import {
  addPartnerUserSchema,
  createPartnerSchema,
  listPartnersQuerySchema,
  listPartnersResponseSchema,
  myPartnersResponseSchema,
  PARTNER_LOGO_MAX_BYTES,
  partnerActionParamsSchema,
  partnerDetailSchema,
  partnerResponseSchema,
  partnerUserParamsSchema,
  updatePartnerSchema,
} from '@app/shared/partners';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, multipartRequired } from '../../lib/errors';
import {
  addAuthorizedUser,
  changePartnerState,
  createPartner,
  getPartnerDetail,
  listMyPartners,
  listPartnersFor,
  type PartnersDeps,
  removeAuthorizedUser,
  removePartnerLogo,
  setPartnerLogo,
  updatePartnerFor,
} from './partners.service';
import { actorOf, SIGNED_IN_ERRORS } from '../../lib/route-kit';

const LOGO_TOO_LARGE = 'Le logo doit faire 10 Mo au maximum';
const LOGO_REQUIRED = 'Choisissez une image pour le logo';

/** The one image of a multipart form, under the field `logo`. */
async function readLogo(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) {
    throw multipartRequired();
  }
  let logo: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'logo') {
        if (part.type === 'file') part.file.resume();
        throw badRequest('Seule une image est attendue, dans le champ « logo »', { logo: [LOGO_REQUIRED] });
      }
      const data = await part.toBuffer();
      if (data.length > 0) logo = { name: (part.filename || 'logo').slice(0, 100), data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', LOGO_TOO_LARGE, { logo: [LOGO_TOO_LARGE] });
    if (code === 'FST_FILES_LIMIT') throw badRequest('Un seul logo à la fois', { logo: ['Un seul logo à la fois'] });
    throw error;
  }
  if (!logo) throw badRequest(LOGO_REQUIRED, { logo: [LOGO_REQUIRED] });
  return logo;
}

/**
 * Partners: `GET/POST /businesses`, `GET/PUT /businesses/{id}`,
 * `PUT /businesses/{id}/{block|unblock|verify|unverify}`, the logo, and the authorised users
 * under `/partners/{partnerId}/users`. All with `manage_partners`, except `GET /partners/mine`
 * (any signed-in account: the partners it may create events for).
 */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PARTNER_LOGO_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const deps = (): PartnersDeps => ({ db: app.db, storage: app.storage, log: app.log });

  app.get(
    '/businesses',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary:
          'Liste paginée des partenaires, les plus récents d’abord. Recherche sans accents ni casse sur nom, e-mail et téléphone ; filtres statut, type, vérification.',
        querystring: listPartnersQuerySchema,
        response: { 200: listPartnersResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listPartnersFor(deps(), request.query),
  );

  app.get(
    '/businesses/:id',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary: 'Un partenaire avec ses utilisateurs autorisés, son nombre d’événements et ses activités récentes',
        params: idParamsSchema,
        response: { 200: partnerDetailSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getPartnerDetail(deps(), request.params.id),
  );

  app.post(
    '/businesses',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary: 'Crée un partenaire (en attente, non vérifié). Nom, type et e-mail requis ; e-mail unique (409).',
        body: createPartnerSchema,
        response: { 201: partnerResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const partner = await createPartner(deps(), actorOf(request), request.body);
      return reply.code(201).send({ message: 'Partenaire ajouté', partner });
    },
  );

  app.put(
    '/businesses/:id',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary: 'Modifie un partenaire (tout sous-ensemble des champs ; une chaîne vide efface un champ facultatif)',
        params: idParamsSchema,
        body: updatePartnerSchema,
        response: { 200: partnerResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Partenaire mis à jour',
      partner: await updatePartnerFor(deps(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/businesses/:id/:action',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary:
          'block : actif → bloqué ; unblock : bloqué → actif ; verify : badge vérifié (un partenaire en attente devient actif) ; unverify : retire le badge. Sinon 409.',
        params: partnerActionParamsSchema,
        response: { 200: partnerResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const partner = await changePartnerState(deps(), actorOf(request), id, action);
      const messages = {
        block: 'Partenaire bloqué',
        unblock: 'Partenaire débloqué',
        verify: 'Partenaire vérifié',
        unverify: 'Vérification retirée',
      };
      return { message: messages[action], partner };
    },
  );

  app.post(
    '/businesses/:id/logo',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary: 'Logo (multipart, champ logo, 10 Mo au plus) : vérifié par son contenu et ré-encodé en WebP',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: partnerResponseSchema, ...SIGNED_IN_ERRORS, 413: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const file = await readLogo(request);
      return { message: 'Logo mis à jour', partner: await setPartnerLogo(deps(), actor, request.params.id, file) };
    },
  );

  app.delete(
    '/businesses/:id/logo',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary: 'Retire le logo',
        params: idParamsSchema,
        response: { 200: partnerResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Logo retiré',
      partner: await removePartnerLogo(deps(), actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/partners/:partnerId/users',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary:
          'Ajoute un utilisateur autorisé : un compte existant et non bloqué, trouvé par e-mail, téléphone ou nom d’utilisateur (409 s’il l’est déjà)',
        params: partnerUserParamsSchema.pick({ partnerId: true }),
        body: addPartnerUserSchema,
        response: { 200: partnerResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Utilisateur autorisé ajouté',
      partner: await addAuthorizedUser(deps(), actorOf(request), request.params.partnerId, request.body.identifier),
    }),
  );

  app.delete(
    '/partners/:partnerId/users/:userId',
    {
      config: { access: 'manage_partners' },
      schema: {
        tags: ['partners'],
        summary: 'Retire un utilisateur autorisé : il ne peut plus créer d’événement pour ce partenaire',
        params: partnerUserParamsSchema,
        response: { 200: partnerResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Utilisateur autorisé retiré',
      partner: await removeAuthorizedUser(deps(), actorOf(request), request.params.partnerId, request.params.userId),
    }),
  );

  app.get(
    '/partners/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['partners'],
        summary: 'Les partenaires (non bloqués) pour lesquels le compte connecté peut créer des événements',
        response: { 200: myPartnersResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ items: await listMyPartners(app.db, actorOf(request).id) }),
  );
};
