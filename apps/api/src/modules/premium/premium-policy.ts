import { PREMIUM_REQUIRED_MESSAGE } from '@app/shared/premium';
import { effectivePermissions } from '@app/shared/permissions';
import { isPremiumActive } from '@app/shared/premium';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';

/*
 * Who may use a premium feature (issue 28): every gate of the API asks here. An account whose
 * premium is active, and the team that manages events (`manage_events`), which sees and does
 * everything an organiser may.
 */

export const premiumRequired = () => new AppError('PREMIUM_REQUIRED', PREMIUM_REQUIRED_MESSAGE);

/** Whether the account's premium is active now (read from the database, never from the client). */
export async function hasPremium(db: Database, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ plan: users.plan, premiumUntil: users.premiumUntil }).from(users).where(eq(users.id, userId));
  return row ? isPremiumActive(row.plan, row.premiumUntil, now) : false;
}

/** Whether the actor may use the premium features now: premium active, or manages events. */
export async function mayUsePremium(db: Database, actor: SessionUser, now = new Date()): Promise<boolean> {
  return actor.permissions.includes('manage_events') || (await hasPremium(db, actor.id, now));
}

/** Throws 403 PREMIUM_REQUIRED unless the actor has premium or manages events. */
export async function assertPremium(db: Database, actor: SessionUser, now = new Date()): Promise<void> {
  if (!(await mayUsePremium(db, actor, now))) throw premiumRequired();
}

/**
 * Whether an account's premium features show to others now (its event pages' customisation,
 * decision 056): the same rule as the gate, for an account read from the database — premium
 * active, or an event manager. An unknown or deleted account (null) has none.
 */
export async function premiumShownFor(db: Database, userId: string | null, now = new Date()): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({
      plan: users.plan,
      premiumUntil: users.premiumUntil,
      role: users.role,
      permissions: users.permissions,
      isAdminValidated: users.isAdminValidated,
      isBlocked: users.isBlocked,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return false;
  return isPremiumActive(row.plan, row.premiumUntil, now) || effectivePermissions(row).includes('manage_events');
}
