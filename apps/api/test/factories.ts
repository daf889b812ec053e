import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Permission, Role } from '@app/shared/permissions';
import { usernameSkeletons } from '@app/shared/username-skeleton';
import { events, paymentEvents, payments, users } from '../src/db/schema/index';
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

let paymentCounter = 0;

/**
 * Inserts a payment directly (the payment flow itself is the payments service's): a successful
 * monthly MTN payment of 2 000 FCFA made now unless told otherwise, with its first timeline row.
 */
export async function insertPayment(
  app: FastifyInstance,
  userId: string,
  values: Partial<typeof payments.$inferInsert> = {},
): Promise<typeof payments.$inferSelect> {
  paymentCounter++;
  const createdAt = values.createdAt ?? new Date();
  const status = values.status ?? 'successful';
  const paid = status === 'successful' || status === 'refunded';
  const plan = values.plan ?? 'monthly';
  const days = plan === 'yearly' ? 365 : 30;
  const [row] = await app.db
    .insert(payments)
    .values({
      reference: `PAY-T${randomBytes(4).toString('hex').toUpperCase()}${paymentCounter}`,
      userId,
      idempotencyKey: randomUUID(),
      plan,
      amount: plan === 'yearly' ? 20_000 : 2000,
      operator: 'mtn',
      phone: '+237677123456',
      status,
      providerReference: randomUUID(),
      callbackToken: randomBytes(16).toString('hex'),
      expiresAt: new Date(createdAt.getTime() + 5 * 60_000),
      paidAt: paid ? createdAt : null,
      premiumFrom: paid ? createdAt : null,
      premiumUntil: paid ? new Date(createdAt.getTime() + days * 86_400_000) : null,
      createdAt,
      updatedAt: createdAt,
      ...values,
    })
    .returning();
  if (!row) throw new Error('payment not inserted');
  await app.db.insert(paymentEvents).values({
    paymentId: row.id,
    at: createdAt,
    status: row.status,
    note: `Demande envoyée à ${row.operator === 'mtn' ? 'MTN Mobile Money' : 'Orange Money'}`,
  });
  return row;
}
