import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SETTINGS } from '@app/shared/settings';
import { hashPassword } from '../lib/password';
import { insertSettingsIfMissing } from '../modules/settings/settings.repository';
import { users } from './schema/index';
import { usernameSkeletons } from '@app/shared/username-skeleton';

/** What the first start created, for the start block (server.ts): the superadmin and, when random, its password. */
export interface FirstStart {
  superadminEmail: string;
  /** Set only when ADMIN_PASSWORD was not: the random password, shown once. */
  superadminPassword?: string;
}

/**
 * First-start seed: the settings with their defaults and one superadmin. Idempotent: an
 * existing settings row or superadmin is left alone. Answers what it created (the start block
 * shows it once), or null.
 */
export async function seedBase(app: FastifyInstance): Promise<FirstStart | null> {
  await insertSettingsIfMissing(app.db, DEFAULT_SETTINGS);
  const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
  if (existing) return null;
  const email = app.config.ADMIN_EMAIL ?? 'admin@localhost';
  const password = app.config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const inserted = await app.db
    .insert(users)
    .values({
      firstName: 'Super',
      lastName: 'Admin',
      username: 'admin',
      usernameSkeletons: usernameSkeletons('admin'),
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      role: 'superadmin',
      isAdminValidated: true,
      isVerified: true,
      emailVerified: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return null;
  if (app.config.ADMIN_PASSWORD) {
    app.log.info({ email }, 'superadmin created from ADMIN_EMAIL / ADMIN_PASSWORD');
    return { superadminEmail: email };
  }
  return { superadminEmail: email, superadminPassword: password };
}
