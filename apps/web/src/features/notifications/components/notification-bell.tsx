import { UNREAD_COUNT_CAP } from '@app/shared/notification-kinds';
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { useUnreadCount } from '../api/notifications';
import { notificationsMessages } from '../messages';

const BELL = 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0';

/** The bell of the account's bar: a link to the notifications, with the unread count. */
export function NotificationBell() {
  const t = useT(notificationsMessages);
  const unread = useUnreadCount().data?.unread ?? 0;
  const shown = unread > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(unread);
  return (
    <Link
      to={paths.notifications}
      aria-label={unread > 0 ? t('bellUnread', { count: shown }) : t('bell')}
      data-testid="notification-bell"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <LineIcon path={BELL} size={22} />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
