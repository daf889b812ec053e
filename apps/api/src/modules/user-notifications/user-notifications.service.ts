import type { MessageLanguage } from '@app/shared/i18n';
import { USER_NOTIFICATIONS_PAGE_SIZE } from '@app/shared/notification-kinds';
import {
  NOTIFICATION_MESSAGES,
  notificationText,
  type UserNotification,
  type UserNotificationsResponse,
} from '@app/shared/user-notifications';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { eventPublicPath, participantPagePath } from '../events/event-paths';
import { countUnread, listNotificationsOf, markAllRead, markRead } from './user-notifications.repository';

type Row = Awaited<ReturnType<typeof listNotificationsOf>>[number];

const ACCOUNT = '/mon-compte';

/** Where a notification leads: the event's page for its participants, the organiser's screens, premium. */
function linkOf({ notification, event, participates }: Row): string | null {
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
    default:
      // Someone who left or was removed keeps the notification, not the private event's share link.
      if (!event) return null;
      if (participates) return participantPagePath(event);
      return event.isPublic ? eventPublicPath(event) : null;
  }
}

function view(row: Row, language: MessageLanguage): UserNotification {
  const { notification } = row;
  return {
    _id: notification.id,
    kind: notification.kind,
    text: notificationText(notification, language),
    link: linkOf(row),
    eventId: notification.eventId,
    count: notification.count,
    createdAt: notification.createdAt.toISOString(),
    readAt: notification.readAt?.toISOString() ?? null,
  };
}

export async function myNotifications(
  db: Database,
  userId: string,
  page: number,
  language: MessageLanguage,
): Promise<UserNotificationsResponse> {
  const limit = USER_NOTIFICATIONS_PAGE_SIZE;
  const [rows, unread] = await Promise.all([
    listNotificationsOf(db, userId, { limit, offset: (page - 1) * limit }),
    countUnread(db, userId),
  ]);
  return { items: rows.slice(0, limit).map((row) => view(row, language)), page, hasMore: rows.length > limit, unread };
}

export const unreadCount = (db: Database, userId: string) => countUnread(db, userId);

export async function readNotification(db: Database, userId: string, id: string): Promise<number> {
  if (!(await markRead(db, userId, id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return countUnread(db, userId);
}

export async function readAllNotifications(db: Database, userId: string): Promise<number> {
  await markAllRead(db, userId);
  return countUnread(db, userId);
}
