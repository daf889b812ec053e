import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { loginSchema } from '@app/shared/auth';
import { AppError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { findUserByIdentifier, recordLogin } from './auth.repository';
import { createSession, type UserRow } from './session.service';

const INVALID_CREDENTIALS = 'Identifiants invalides';

export async function login(
  app: FastifyInstance,
  input: z.output<typeof loginSchema>,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; user: UserRow }> {
  const settings = await app.settings.get();
  const user = await findUserByIdentifier(app.db, input.identifier);
  // Same work whether or not the account exists, so the answer time tells nothing.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  if (user.isBlocked) throw new AppError(403, 'ACCOUNT_BLOCKED', 'Ce compte est bloqué. Contactez le support.');
  await recordLogin(app.db, user.id);
  const session = await createSession(app.db, user.id, settings.security.sessionTimeout, meta);
  return { token: session.token, user };
}
