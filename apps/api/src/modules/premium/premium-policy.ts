import { PREMIUM_REQUIRED_MESSAGE } from '@app/shared/premium';
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

/** Throws 403 PREMIUM_REQUIRED unless the actor has premium or manages events. */
export async function assertPremium(db: Database, actor: SessionUser, now = new Date()): Promise<void> {
  if (actor.permissions.includes('manage_events')) return;
  if (!(await hasPremium(db, actor.id, now))) throw premiumRequired();
}
