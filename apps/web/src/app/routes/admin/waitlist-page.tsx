import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { WaitlistManager } from '../../../features/waitlist/components/waitlist-manager';
import { waitlistMessages } from '../../../features/waitlist/messages';
import { useT } from '../../../lib/i18n';

export function WaitlistPage() {
  const t = useT(waitlistMessages);
  return (
    <RequirePermission permission="manage_users">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('title')}</h1>
      <WaitlistManager />
    </RequirePermission>
  );
}
