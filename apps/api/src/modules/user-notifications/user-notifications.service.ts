import { pageWindow } from '../../db/page-window';
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
import { notificationLink } from './notification-link';
import { countUnread, listNotificationsOf, markAllRead, markRead } from './user-notifications.repository';

type Row = Awaited<ReturnType<typeof listNotificationsOf>>[number];

/** Where a notification leads (see notificationLink). */
const linkOf = ({ notification, event, participates }: Row) => notificationLink(notification, event, participates);

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
    listNotificationsOf(db, userId, pageWindow({ page, limit })),
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
