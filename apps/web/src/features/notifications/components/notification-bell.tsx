import { IconCountLink } from '../../../components/ui/icon-count-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { useUnreadCount } from '../api/notifications';
import { notificationsMessages } from '../messages';

const BELL = 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0';

/** The bell of the account's bar: a link to the notifications, with the unread count. */
export function NotificationBell() {
  const t = useT(notificationsMessages);
  return (
    <IconCountLink
      to={paths.notifications}
      label={(count) => (count ? t('bellUnread', { count }) : t('bell'))}
      iconPath={BELL}
      count={useUnreadCount().data?.unread ?? 0}
      testIds={{ link: 'notification-bell', count: 'notification-count' }}
    />
  );
}
