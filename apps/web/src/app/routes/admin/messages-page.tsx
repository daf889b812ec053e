import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { useAdminUser } from '../../../features/admin-shell/hooks/use-admin-user';
import { MessagerieScreen } from '../../../features/messagerie/components/messagerie-screen';
import { MessagingTabs } from '../../../features/outbox/components/messaging-tabs';
import { OutboxScreen } from '../../../features/outbox/components/outbox-screen';

/** 'Messagerie' (`manage_chats`): the support inbox; the signed-in administrator's id tells 'mine'. */
export function MessagesPage() {
  const me = useAdminUser();
  return (
    <RequirePermission permission="manage_chats">
      <MessagerieScreen meId={me?._id ?? null} nav={<MessagingTabs />} />
    </RequirePermission>
  );
}

/** 'Messagerie' › 'Envois en échec' (`manage_chats`, decision 066): the outbox's dead letters. */
export function FailedMessagesPage() {
  return (
    <RequirePermission permission="manage_chats">
      <OutboxScreen nav={<MessagingTabs />} />
    </RequirePermission>
  );
}
