import { isIP } from 'node:net';
import { PUSH_MESSAGES, type PushSubscriptionInput } from '@app/shared/push';
import type { Database } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { deleteOwnSubscription, upsertSubscription } from './push-subscriptions.repository';

export const PUSH_OFF_MESSAGE = 'Les notifications push sont désactivées par l’équipe';

/** An address a browser's push service never has: plain HTTP, an IP written out, a local name. */
function refusedInProduction(endpoint: string): boolean {
  const { protocol, hostname } = new URL(endpoint);
  const host = hostname.replace(/^\[|\]$/g, '');
  return protocol !== 'https:' || isIP(host) !== 0 || host === 'localhost' || !host.includes('.');
}

/**
 * Stores this device's subscription for the signed-in account (one row per endpoint: a device
 * signed in again by someone else is theirs now). In production only a push service's https
 * address on a domain name is taken, since the server will post to it.
 */
export async function subscribe(
  deps: { db: Database; production: boolean; pushOn: boolean },
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<string> {
  if (!deps.pushOn) throw conflict(PUSH_OFF_MESSAGE);
  if (deps.production && refusedInProduction(input.endpoint)) {
    throw fieldError('endpoint', input.endpoint.startsWith('https://') ? PUSH_MESSAGES.badEndpoint : PUSH_MESSAGES.httpsOnly);
  }
  const label = input.label || userAgent?.trim().slice(0, 120) || null;
  return upsertSubscription(deps.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh.replace(/=+$/, ''),
    auth: input.keys.auth.replace(/=+$/, ''),
    userAgent: label,
  });
}

/** Forgets this device for the account; another account's device, or an unknown one: 404. */
export async function unsubscribe(db: Database, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db, userId, endpoint))) throw notFound(PUSH_MESSAGES.notFound);
}
