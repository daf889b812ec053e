import { yearInDouala } from '@app/shared/launch';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { AdminLayout } from '../../../components/layouts/admin-layout';
import { AdminGuard } from '../../../features/admin-shell/components/admin-guard';
import { Breadcrumb } from '../../../features/admin-shell/components/breadcrumb';
import { Sidebar } from '../../../features/admin-shell/components/sidebar';
import { TopBar } from '../../../features/admin-shell/components/top-bar';
import { useAdminUser } from '../../../features/admin-shell/hooks/use-admin-user';
import { shellMessages } from '../../../features/admin-shell/messages';
import { useOutboxSummary } from '../../../features/outbox/api/get-outbox-summary';
import { useOpenReportsCount } from '../../../features/reports/api/get-reports';
import { usePendingApprovalCount } from '../../../features/events/api/event-approval';
import { signOut } from '../../../lib/auth';
import { useRealtimeUpdates } from '../../../lib/realtime';
import { useLanguage, useT } from '../../../lib/i18n';

export function AdminShell() {
  return (
    <AdminGuard>
      <ShellFrame />
    </AdminGuard>
  );
}

function ShellFrame() {
  const t = useT(shellMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const me = useAdminUser();
  const openReports = useOpenReportsCount(!!me?.permissions.includes('manage_users'));
  const pendingApproval = usePendingApprovalCount(!!me?.permissions.includes('manage_events'));
  const outbox = useOutboxSummary(!!me?.permissions.includes('manage_chats'));
  useRealtimeUpdates();

  useEffect(() => {
    document.documentElement.lang = language;
    // The pages outside the back office are French only.
    return () => {
      document.documentElement.lang = 'fr';
    };
  }, [language]);
  // A new screen closes the phone menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  const onLogout = async () => {
    await signOut(queryClient);
    navigate(paths.signIn, { replace: true });
  };

  return (
    <AdminLayout
      menuOpen={menuOpen}
      onMenuClose={closeMenu}
      closeMenuLabel={t('closeMenu')}
      sidebar={
        <Sidebar
          onNavigate={closeMenu}
          onLogout={onLogout}
          badges={{ signalements: openReports.data, evenements: pendingApproval.data, messagerie: outbox.data?.failed }}
        />
      }
      header={<TopBar menuOpen={menuOpen} onMenuToggle={() => setMenuOpen((open) => !open)} />}
      breadcrumb={<Breadcrumb />}
      footer={
        <footer className="border-t border-slate-200 bg-white px-4 py-3 text-center text-xs text-slate-600 sm:px-6 lg:px-8">
          {t('footer', { year: yearInDouala() })}
        </footer>
      }
    >
      <Outlet />
    </AdminLayout>
  );
}
