import { loginResponseSchema, loginSchema, meResponseSchema } from '@app/shared/auth';
import { apiErrorSchema, messageSchema } from '@app/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { login } from './auth.service';
import { revokeSession, toPublicUser } from './session.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Connexion par nom d’utilisateur, e-mail ou téléphone',
        body: loginSchema,
        response: { 200: loginResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await login(app, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return { message: 'Connexion réussie !', token: result.token, user: toPublicUser(result.user) };
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'L’utilisateur de la session', response: { 200: meResponseSchema } },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { user: toPublicUser(request.user.row) };
    },
  );

  app.post(
    '/users/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'Déconnexion : la session est révoquée', response: { 200: messageSchema } },
    },
    async (request) => {
      if (request.sessionId) await revokeSession(app.db, request.sessionId);
      return { message: 'Déconnexion réussie' };
    },
  );
};
