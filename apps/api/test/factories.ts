import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Permission, Role } from '@app/shared/permissions';
import { usernameSkeletons } from '@app/shared/username-skeleton';
import { events, payments, users } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/password';
import type { UserRow } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session.service';

export const TEST_PASSWORD = 'Correct-Horse-42';
let cachedHash: Promise<string> | undefined;

export interface UserOverrides {
  role?: Role;
  permissions?: Permission[];
  isAdminValidated?: boolean;
  isBlocked?: boolean;
  isVerified?: boolean;
  email?: string | null;
  phone?: string | null;
  username?: string | null;
  firstName?: string;
  lastName?: string;
  password?: string;
}

/** Inserts an account directly (verified, role user unless told otherwise). */
export async function createUser(app: FastifyInstance, overrides: UserOverrides = {}): Promise<UserRow> {
  const suffix = randomBytes(4).toString('hex');
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const username = overrides.username === undefined ? `user_${suffix}` : overrides.username;
  const passwordHash = overrides.password ? await hashPassword(overrides.password) : await cachedHash;
  const [row] = await app.db
    .insert(users)
    .values({
      firstName: overrides.firstName ?? 'Awa',
      lastName: overrides.lastName ?? 'Ngono',
      username,
      usernameSkeletons: username ? usernameSkeletons(username) : [],
      email: overrides.email === undefined ? `user_${suffix}@example.cm` : overrides.email,
      phone: overrides.phone === undefined ? null : overrides.phone,
      passwordHash,
      role: overrides.role ?? 'user',
      permissions: overrides.permissions ?? [],
      isAdminValidated: overrides.isAdminValidated ?? overrides.role === 'admin',
      isBlocked: overrides.isBlocked ?? false,
      isVerified: overrides.isVerified ?? true,
      emailVerified: overrides.isVerified ?? true,
      phoneVerified: (overrides.isVerified ?? true) && !!overrides.phone,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

/** A bearer token for an account, as if it had signed in. */
export async function tokenFor(app: FastifyInstance, user: UserRow): Promise<string> {
  return (await createSession(app.db, user.id, 24)).token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Inserts an event directly (a published concert in Douala next year unless told otherwise), organised by `organizerId`. */
export async function insertEvent(
  app: FastifyInstance,
  organizerId: string,
  values: Partial<typeof events.$inferInsert> = {},
): Promise<typeof events.$inferSelect> {
  const [row] = await app.db
    .insert(events)
    .values({
      title: 'Soirée Bikutsi',
      description: 'Une soirée bikutsi au bord du fleuve.',
      startDateTime: new Date('2027-07-03T19:00:00Z'),
      endDateTime: new Date('2027-07-03T23:00:00Z'),
      address: 'Rue de la Joie, Akwa',
      city: 'Douala',
      category: 'concert',
      status: 'published',
      organizerId,
      ...values,
    })
    .returning();
  if (!row) throw new Error('event not created');
  return row;
}

/**
 * Inserts a payment directly: a successful monthly payment of 2 000 FCFA with MTN, paid now,
 * unless told otherwise (`paidAt: null` for one that never succeeded). Unique references and tokens.
 */
export async function insertPayment(
  app: FastifyInstance,
  userId: string,
  values: Partial<typeof payments.$inferInsert> = {},
): Promise<typeof payments.$inferSelect> {
  const suffix = randomBytes(6).toString('hex').toUpperCase();
  const now = new Date();
  const [row] = await app.db
    .insert(payments)
    .values({
      reference: `PAY-${suffix}`,
      userId,
      idempotencyKey: randomUUID(),
      plan: 'monthly',
      amount: 2000,
      operator: 'mtn',
      phone: '+237670000000',
      status: 'successful',
      providerReference: randomUUID(),
      callbackToken: randomBytes(24).toString('base64url'),
      expiresAt: new Date(now.getTime() + 5 * 60_000),
      paidAt: now,
      createdAt: now,
      ...values,
    })
    .returning();
  if (!row) throw new Error('payment not created');
  return row;
}
