import { randomBytes } from 'node:crypto';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { eventNotFound, loadManaged } from './event-access';
import type { EventsDeps } from './events-deps-of';
import { replaceShareToken } from './events.repository';
import { shareLink } from './event-views';

/*
 * The share link of a private event (decision 011): `?t=` with the event's share token opens its
 * page. Whether a token opens an event is event-visibility.ts (`holdsShareToken`).
 */

/** A new share token: 192 random bits, base64url (32 characters). */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Regenerates the share token of an event (its organiser or `manage_events`): the old link stops
 * opening the page at once.
 */
export async function regenerateShareToken(
  deps: EventsDeps,
  actor: SessionUser,
  id: string,
): Promise<{ shareToken: string; sharePath: string; shareUrl: string }> {
  const existing = await loadManaged(deps, actor, id);
  const shareToken = await deps.db.transaction(async (tx) => {
    const token = await replaceShareToken(tx, id, newShareToken());
    if (!token) throw eventNotFound();
    await recordWrite(tx, {
      audit: { actorId: actor.id, action: 'event.share_token.regenerate', targetType: 'event', targetId: id },
    });
    return token;
  });
  return shareLink(deps.publicUrl, { ...existing, shareToken });
}
