import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ModuleTiles } from '../../../features/admin-shell/components/module-tiles';
import { useAdminUser, useCan } from '../../../features/admin-shell/hooks/use-admin-user';
import { useDashboardStats } from '../../../features/dashboard/api/get-dashboard-stats';
import { RecentEvents, TopEvents } from '../../../features/dashboard/components/event-lists';
import { StatCards } from '../../../features/dashboard/components/stat-cards';
import { dashboardMessages } from '../../../features/dashboard/messages';
import { WaitlistManager } from '../../../features/waitlist/components/waitlist-manager';
import { useT } from '../../../lib/i18n';
import { ADMIN_SEGMENTS, paths } from '../../../config/paths';

/**
 * Home: welcome, then (with manage_users) the dashboard figures, lists and waiting list; module
 * tiles. A pending administrator, who holds no permission yet, is told that its account waits
 * for approval and how it will hear of it (issue 25 item 10).
 */
export function HomePage() {
  const t = useT(dashboardMessages);
  const user = useAdminUser();
  const canSeeStats = useCan('manage_users');
  const stats = useDashboardStats(canSeeStats);
  if (user?.role === 'admin' && !user.isAdminValidated) {
    return (
      <div className="space-y-6">
        <header>
          <h1 className="text-2xl font-bold text-slate-900">{t('welcome', { name: user.firstName?.trim() || 'Admin' })}</h1>
        </header>
        <Alert tone="info">
          <h2 className="text-base font-semibold">{t('pendingTitle')}</h2>
          <p className="mt-1">{t('pendingBody')}</p>
        </Alert>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('welcome', { name: user?.firstName?.trim() || 'Admin' })}</h1>
        <p className="text-slate-600">{t('intro')}</p>
      </header>
      {canSeeStats ? (
        <>
          <StatCards query={stats} />
          <div className="grid gap-4 lg:grid-cols-2">
            <RecentEvents query={stats} />
            <TopEvents query={stats} />
          </div>
        </>
      ) : null}
      <ModuleTiles title={t('modules')} />
      {canSeeStats ? (
        <section aria-labelledby="home-waitlist" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id="home-waitlist" className="text-lg font-semibold text-slate-900">
              {t('embeddedWaitlist')}
            </h2>
            <Link to={paths.admin.screen(ADMIN_SEGMENTS.waitlist)} className="text-sm font-medium text-brand-700 hover:underline">
              {t('seeAll')}
            </Link>
          </div>
          <WaitlistManager limit={5} compact />
        </section>
      ) : null}
    </div>
  );
}
