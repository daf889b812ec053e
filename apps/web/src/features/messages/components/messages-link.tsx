import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { useUnreadMessages } from '../api/conversations';
import { messagesMessages } from '../messages';

const BUBBLE = 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z';

/** The account bar's link to the messages, with the unread count. */
export function MessagesLink() {
  const t = useT(messagesMessages);
  const unread = useUnreadMessages().data?.unread ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to={paths.messages}
      aria-label={unread > 0 ? t('linkUnread', { count: shown }) : t('link')}
      data-testid="messages-link"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <LineIcon path={BUBBLE} size={22} />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="messages-count"
          className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
