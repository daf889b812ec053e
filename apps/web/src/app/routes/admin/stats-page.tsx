import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { useDashboardStats } from '../../../features/dashboard/api/get-dashboard-stats';
import { StatCards } from '../../../features/dashboard/components/stat-cards';
import { StatsCharts } from '../../../features/stats/components/stats-charts';
import { statsMessages } from '../../../features/stats/messages';
import { useT } from '../../../lib/i18n';

export function StatsPage() {
  return (
    <RequirePermission permission="manage_users">
      <StatsScreen />
    </RequirePermission>
  );
}

function StatsScreen() {
  const t = useT(statsMessages);
  const stats = useDashboardStats(true);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-slate-600">{t('subtitle')}</p>
      </header>
      <StatCards query={stats} />
      <StatsCharts />
    </div>
  );
}
