import { AdsReviewScreen } from '../../../features/ads-review/components/ads-review-screen';
import { RequirePermission } from '../../../features/admin-shell/components/require-permission';

export function AdsPage() {
  return (
    <RequirePermission permission="manage_ads">
      <AdsReviewScreen />
    </RequirePermission>
  );
}
