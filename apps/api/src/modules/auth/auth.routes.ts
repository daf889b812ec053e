import {
  loginErrorSchema,
  loginResponseSchema,
  loginSchema,
  MESSAGES,
  meResponseSchema,
  newPasswordRequestSchema,
  registerResponseSchema,
  registerSchema,
  resendOtpResponseSchema,
  resendOtpSchema,
  resetPasswordSchema,
  sendConfirmationSchema,
  verifyOtpSchema,
} from '@app/shared/auth';
import { apiErrorSchema, messageSchema } from '@app/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthorized } from '../../lib/errors';
import { AUTH_LIMITS, accountOfBody, failureLimiter, limitPerIpAndAccount } from './auth.rate-limits';
import {
  type AuthDeps,
  login,
  register,
  requestPasswordReset,
  resendOtp,
  sendConfirmation,
  setNewPassword,
  verifyOtp,
} from './auth.service';
import { findUserById } from './auth.repository';
import { revokeSession } from './session.repository';
import { toPublicUser } from './session.service';
import { errorResponses } from '../../lib/route-kit';

const errors = errorResponses(400, 409, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = {
    db: app.db,
    settings: app.settings,
    notifications: app.notifications,
    referrals: app.referrals,
    log: app.log,
    publicUrl: app.config.PUBLIC_URL,
  };
  const limit = (name: Exclude<keyof typeof AUTH_LIMITS, 'loginFailures'>) =>
    limitPerIpAndAccount(app, name, AUTH_LIMITS[name], accountOfBody);
  const loginFailures = failureLimiter(app, 'login', AUTH_LIMITS.loginFailures);

  app.post(
    '/users/register',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      preValidation: limit('register'),
      schema: {
        tags: ['auth'],
        summary: 'Inscription ; un code à 6 chiffres est envoyé par SMS et/ou e-mail',
        body: registerSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await register(deps, request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/users/verify-otp',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      preValidation: limit('verifyOtp'),
      schema: {
        tags: ['auth'],
        summary: 'Vérifie le compte avec le code reçu',
        body: verifyOtpSchema,
        response: { 200: z.object({ message: z.string(), email: z.string().nullable() }), ...errors },
      },
    },
    async (request) => verifyOtp(deps, request.body),
  );

  app.post(
    '/users/resend-otp',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      preValidation: limit('resendOtp'),
      schema: {
        tags: ['auth'],
        summary: 'Renvoie un code de vérification (au plus un par minute)',
        body: resendOtpSchema,
        response: { 200: resendOtpResponseSchema, ...errors },
      },
    },
    async (request) => resendOtp(deps, request.body),
  );

  app.post(
    '/users/send-confirmation',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      preValidation: limit('sendConfirmation'),
      schema: {
        tags: ['auth'],
        summary: 'E-mail de confirmation après la vérification',
        body: sendConfirmationSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => sendConfirmation(deps, request.body.email),
  );

  app.post(
    '/users/login',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Connexion par nom d’utilisateur, e-mail ou téléphone',
        body: loginSchema,
        response: { 200: loginResponseSchema, 401: apiErrorSchema, 403: loginErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await login(deps, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }).catch(
        async (error: unknown) => {
          if (error instanceof AppError && (error.code === 'INVALID_CREDENTIALS' || error.code === 'ACCOUNT_LOCKED')) {
            await loginFailures(request, reply);
          }
          throw error;
        },
      );
      return {
        message: MESSAGES.loginSuccess,
        token: result.token,
        user: toPublicUser(result.user),
        deviceToken: result.deviceToken,
      };
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'L’utilisateur de la session', response: { 200: meResponseSchema } },
    },
    async (request) => {
      const row = request.user && (await findUserById(app.db, request.user.id));
      if (!row) throw unauthorized();
      return { user: toPublicUser(row) };
    },
  );

  app.post(
    '/users/logout',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'Déconnexion : la session est révoquée', response: { 200: messageSchema } },
    },
    async (request) => {
      if (request.sessionId) await revokeSession(app.db, request.sessionId);
      if (request.user) await app.realtime.tell([request.user.id], { type: 'revoked' });
      return { message: 'Déconnexion réussie' };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      preValidation: limit('resetPassword'),
      schema: {
        tags: ['auth'],
        summary: 'Envoie un code de réinitialisation par e-mail ou par SMS (même réponse que le compte existe ou non)',
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { email, phone } = request.body;
      // The schema lets exactly one through.
      return requestPasswordReset(deps, phone ? { phone } : { email: email as string }, request.log);
    },
  );

  app.post(
    '/auth/new-password',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      preValidation: limit('newPassword'),
      schema: {
        tags: ['auth'],
        summary: 'Nouveau mot de passe avec le code (e-mail ou téléphone) ou le lien ; toutes les sessions sont fermées',
        body: newPasswordRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => setNewPassword(deps, request.body),
  );
};
