import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { UsersScreen } from '../../../features/users/components/users-screen';

/** 'Gestion des Utilisateurs' (`manage_users`). */
export function UsersPage() {
  return (
    <RequirePermission permission="manage_users">
      <UsersScreen />
    </RequirePermission>
  );
}
