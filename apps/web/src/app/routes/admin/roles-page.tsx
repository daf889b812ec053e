import type { Permission } from '@app/shared/permissions';
import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { shellMessages } from '../../../features/admin-shell/messages';
import { PRIMARY_NAV, SECONDARY_NAV } from '../../../features/admin-shell/nav';
import { useT } from '../../../lib/i18n';
import { RolesScreen } from '../../../features/roles/components/roles-screen';

/** Rôles: the read-only roles and permissions page; the modules come from the sidebar's own list. */
export function RolesPage() {
  const t = useT(shellMessages);
  const modulesFor = (permission: Permission) =>
    [...PRIMARY_NAV, ...SECONDARY_NAV].filter((entry) => entry.permission === permission).map((entry) => t(entry.id));
  return (
    <RequirePermission permission="manage_admins">
      <RolesScreen modulesFor={modulesFor} />
    </RequirePermission>
  );
}
