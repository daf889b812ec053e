import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { useAdminUser } from '../../../features/admin-shell/hooks/use-admin-user';
import { AdministrationScreen } from '../../../features/admins/components/administration-screen';

/** `manage_admins` screen; an approver (`validate_admins`) may use it too, to approve. */
export function AdministrationPage() {
  const me = useAdminUser();
  const screen = <AdministrationScreen me={me} />;
  if (me?.permissions.includes('validate_admins')) return screen;
  return <RequirePermission permission="manage_admins">{screen}</RequirePermission>;
}
