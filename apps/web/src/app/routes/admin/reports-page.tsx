import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { ReportsQueue } from '../../../features/reports/components/reports-queue';

/** 'Signalements' (`manage_users`): a reported user opens in the users screen. */
export function ReportsPage() {
  return (
    <RequirePermission permission="manage_users">
      <ReportsQueue userPath={(id) => `/admin/users?id=${encodeURIComponent(id)}`} />
    </RequirePermission>
  );
}
