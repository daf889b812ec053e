import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { PartnersScreen } from '../../../features/partners/components/partners-screen';

export function PartnersPage() {
  return (
    <RequirePermission permission="manage_partners">
      <PartnersScreen />
    </RequirePermission>
  );
}
