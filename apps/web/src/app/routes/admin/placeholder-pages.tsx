import { PlaceholderPage } from '../../../features/admin-shell/components/placeholder-page';
import { RequirePermission } from '../../../features/admin-shell/components/require-permission';

// Screens that later issues build; each keeps its sidebar permission.
export const AdsPage = () => (
  <RequirePermission permission="manage_ads">
    <PlaceholderPage module="publicites" />
  </RequirePermission>
);
