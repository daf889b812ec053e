import type { UserNotificationKind } from '@app/shared/notification-kinds';
import { eventPublicPath, participantPagePath } from '../events/event-paths';
import type { EventRow } from '../events/events.repository';

const ACCOUNT = '/mon-compte';

export type LinkEvent = Pick<EventRow, 'title' | 'shortId' | 'isPublic' | 'shareToken'>;

/**
 * Where a notification leads (decision 060), in the list and in its push (decision 062): the
 * event's page for its participants, the organiser's screens, premium; null when the event is gone.
 */
export function notificationLink(
  notification: { kind: UserNotificationKind; eventId: string | null },
  event: LinkEvent | null,
  participates: boolean,
): string | null {
  switch (notification.kind) {
    case 'participant_joined':
      return event ? `${ACCOUNT}/evenements/${notification.eventId}/participants` : null;
    case 'event_comment':
      return event ? `${ACCOUNT}/evenements/${notification.eventId}/commentaires` : null;
    case 'payment_succeeded':
    case 'premium_ending':
      return `${ACCOUNT}/premium`;
    case 'reward_granted':
      return ACCOUNT;
    case 'support_reply':
      return `${ACCOUNT}/messages/support`;
    case 'campaign_update':
      return `${ACCOUNT}/publicites`;
    default:
      // Someone who left or was removed keeps the notification, not the private event's share link.
      if (!event) return null;
      if (participates) return participantPagePath(event);
      return event.isPublic ? eventPublicPath(event) : null;
  }
}
