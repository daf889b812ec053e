import {
  auditListResponseSchema,
  createAdminSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  updateAdminSchema,
  userActionParamsSchema,
  userDetailResponseSchema,
  userResponseSchema,
} from '@app/shared/admins';
import { idParamsSchema, messageSchema } from '@app/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAdmin,
  getManagedUser,
  listManagedUsers,
  listUserAudit,
  revokeUser,
  setBlocked,
  updateAdmin,
  type AdminsDeps,
} from './admins.service';
import { actorOf, SIGNED_IN_ERRORS } from '../../lib/route-kit';

/**
 * The /users calls the clients make to manage accounts. Routes acting on an account of either kind
 * declare 'authenticated'; the service then requires `manage_admins` (or `validate_admins` to
 * approve and read) for an administrator and `manage_users` for anyone else. See admins.service.ts.
 */
export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AdminsDeps = {
    db: app.db,
    settings: app.settings,
    notifications: app.notifications,
    log: app.log,
    publicUrl: app.config.PUBLIC_URL,
  };
  app.get(
    '/users',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Liste des comptes : role=admin (admins et superadmins, manage_admins) ou utilisateurs (manage_users)',
        querystring: listUsersQuerySchema,
        response: { 200: listUsersResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listManagedUsers(deps, actorOf(request), request.query),
  );

  app.post(
    '/users',
    {
      config: { access: 'manage_admins' },
      schema: {
        tags: ['users'],
        summary: 'Ajoute un administrateur validé, avec au plus les permissions de son auteur',
        body: createAdminSchema,
        response: { 201: userResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const user = await createAdmin(deps, actorOf(request), request.body);
      return reply.code(201).send({ message: 'Administrateur ajouté avec succès !', user });
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Un compte ; pour un utilisateur, aussi ses compteurs, ses activités récentes et les signalements le visant',
        params: idParamsSchema,
        response: { 200: userDetailResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ user: await getManagedUser(deps, actorOf(request), request.params.id) }),
  );

  app.get(
    '/users/:id/audit',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Les dernières actions du journal d’audit faites par ce compte ou sur lui (lecture seule)',
        params: idParamsSchema,
        response: { 200: auditListResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ items: await listUserAudit(deps, actorOf(request), request.params.id) }),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Approuve un administrateur et/ou change ses permissions',
        params: idParamsSchema,
        body: updateAdminSchema,
        response: { 200: userResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      const before = request.body.isAdminValidated;
      const user = await updateAdmin(deps, actorOf(request), request.params.id, request.body);
      return { message: before ? 'Administrateur approuvé' : 'Droits mis à jour', user };
    },
  );

  app.put(
    '/users/:id/:action',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Bloque (block) ou débloque (unblock) un compte ; bloquer met fin à ses sessions',
        params: userActionParamsSchema,
        response: { 200: userResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      const blocked = request.params.action === 'block';
      const user = await setBlocked(deps, actorOf(request), request.params.id, blocked);
      // Its sessions ended with the block: its open screens stop hearing at once.
      if (blocked) await app.realtime.tell([request.params.id], { type: 'revoked' });
      return { message: blocked ? 'Compte bloqué' : 'Compte débloqué', user };
    },
  );

  app.patch(
    '/users/:id/unblock',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Débloque un administrateur',
        params: idParamsSchema,
        response: { 200: userResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Compte débloqué',
      user: await setBlocked(deps, actorOf(request), request.params.id, false),
    }),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Révoque un administrateur (suppression définitive) ; jamais un superadmin',
        params: idParamsSchema,
        response: { 200: messageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      await revokeUser(deps, actorOf(request), request.params.id);
      return { message: 'Compte supprimé' };
    },
  );
};
