import { IconCountLink } from '../../../components/ui/icon-count-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { useUnreadMessages } from '../api/conversations';
import { messagesMessages } from '../messages';

const BUBBLE = 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z';

/** The account bar's link to the messages, with the unread count. */
export function MessagesLink() {
  const t = useT(messagesMessages);
  return (
    <IconCountLink
      to={paths.messages}
      label={(count) => (count ? t('linkUnread', { count }) : t('link'))}
      iconPath={BUBBLE}
      count={useUnreadMessages().data?.unread ?? 0}
      testIds={{ link: 'messages-link', count: 'messages-count' }}
    />
  );
}
