import {
  ACCOUNT_MESSAGES,
  accountSessionsResponseSchema,
  changePasswordSchema,
  sessionIdParamsSchema,
} from '@app/shared/account';
import { messageSchema } from '@app/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkPasswordRules } from '../../lib/common-passwords';
import { fieldError, notFound, tooManyAttempts, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { errorResponses } from '../../lib/route-kit';
import { recordWrite } from '../audit/record-write';
import { findUserById } from '../auth/auth.repository';
import { revokeAllSessions } from '../auth/session.repository';
import { users } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { liveSessions, revokeOtherSessions, revokeOwnSession } from './account.repository';

/**
 * The signed-in account's own settings (issue 27 item 8, decision 039): its devices and its
 * password. Every route is the account's own: nobody reaches another account's sessions (404).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const self = (request: { user?: { id: string } | null }) => {
    if (!request.user) throw unauthorized();
    return request.user.id;
  };
  /** Guessing the current password from a stolen session: at most 10 tries per account every 15 minutes. */
  const passwordTries = app.createRateLimit({
    max: 10,
    timeWindow: 15 * 60_000,
    keyGenerator: (request) => `account-password:${request.user?.id ?? request.ip}`,
  });

  app.get(
    '/users/me/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Les appareils connectés au compte (sessions en cours)',
        response: { 200: accountSessionsResponseSchema },
      },
    },
    async (request) => {
      const rows = await liveSessions(app.db, self(request), new Date());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          userAgent: row.userAgent,
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === request.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Déconnecte un appareil du compte',
        params: sessionIdParamsSchema,
        response: { 200: messageSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const userId = self(request);
      const revoked = await app.db.transaction(async (tx) => {
        if (!(await revokeOwnSession(tx, userId, request.params.id))) return false;
        await recordWrite(tx, {
          audit: { actorId: userId, action: 'session.revoke', targetType: 'session', targetId: request.params.id },
        });
        return true;
      });
      if (!revoked) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      // The streams of the account check their session: the one of that device ends.
      await app.realtime.tell([userId], { type: 'revoked' });
      return { message: ACCOUNT_MESSAGES.sessionRevoked };
    },
  );

  app.post(
    '/users/me/sessions/revoke-all',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Se déconnecter partout : toutes les sessions du compte, celle-ci comprise',
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const userId = self(request);
      await app.db.transaction(async (tx) => {
        await revokeAllSessions(tx, userId);
        await recordWrite(tx, { audit: { actorId: userId, action: 'session.revoke_all', targetType: 'user', targetId: userId } });
      });
      await app.realtime.tell([userId], { type: 'revoked' });
      return { message: ACCOUNT_MESSAGES.allSessionsRevoked };
    },
  );

  app.post(
    '/users/me/password',
    {
      config: { access: 'authenticated' },
      preHandler: async (request, reply) => {
        const state = await passwordTries(request);
        if (!state.isAllowed && state.isExceeded) {
          reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
          throw tooManyAttempts(state.ttl);
        }
      },
      schema: {
        tags: ['account'],
        summary: 'Change le mot de passe (mot de passe actuel requis) ; les autres appareils sont déconnectés',
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const userId = self(request);
      const user = await findUserById(app.db, userId);
      if (!user) throw unauthorized();
      const { currentPassword, newPassword } = request.body;
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw fieldError('currentPassword', ACCOUNT_MESSAGES.wrongCurrentPassword);
      }
      if (currentPassword === newPassword) throw fieldError('newPassword', ACCOUNT_MESSAGES.samePassword);
      const settings = await app.settings.get();
      checkPasswordRules(newPassword, settings.security.passwordMinLength, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await revokeOtherSessions(tx, userId, request.sessionId);
        await recordWrite(tx, {
          audit: { actorId: userId, action: 'user.change_password', targetType: 'user', targetId: userId },
        });
      });
      await app.realtime.tell([userId], { type: 'revoked' });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
