import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { useAdminUser } from '../../../features/admin-shell/hooks/use-admin-user';
import { MessagerieScreen } from '../../../features/messagerie/components/messagerie-screen';

/** 'Messagerie' (`manage_chats`): the support inbox; the signed-in administrator's id tells 'mine'. */
export function MessagesPage() {
  const me = useAdminUser();
  return (
    <RequirePermission permission="manage_chats">
      <MessagerieScreen meId={me?._id ?? null} />
    </RequirePermission>
  );
}
