import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { SettingsForm } from '../../../features/settings/components/settings-form';
import { settingsMessages } from '../../../features/settings/messages';
import { useT } from '../../../lib/i18n';

export function SettingsPage() {
  const t = useT(settingsMessages);
  return (
    <RequirePermission permission="manage_admins">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mb-4 text-slate-600">{t('subtitle')}</p>
      <SettingsForm />
    </RequirePermission>
  );
}
