import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { BusinessPagesScreen } from '../../../features/business-pages/components/business-pages-screen';

export function BusinessPage() {
  return (
    <RequirePermission permission="manage_business">
      <BusinessPagesScreen />
    </RequirePermission>
  );
}
