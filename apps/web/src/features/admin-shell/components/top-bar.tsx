import { formatPhone } from '@app/shared/phone-display';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useAdminUser } from '../hooks/use-admin-user';
import { shellMessages } from '../messages';
import { paths } from '../../../config/paths';

export function TopBar({ menuOpen, onMenuToggle }: { menuOpen: boolean; onMenuToggle: () => void }) {
  const t = useT(shellMessages);
  const user = useAdminUser();
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const canCreateEvent = !!user?.permissions.includes('manage_events');
  return (
    <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 sm:px-6 lg:px-8">
      <button
        type="button"
        className="-ml-1 inline-flex size-11 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 lg:hidden"
        aria-label={menuOpen ? t('closeMenu') : t('openMenu')}
        aria-expanded={menuOpen}
        aria-controls="admin-sidebar"
        onClick={onMenuToggle}
      >
        ☰
      </button>
      <div className="flex-1" />
      {canCreateEvent ? (
        <Link to={paths.admin.createEvent} className={buttonClass('primary', 'sm', 'shrink-0')}>
          <span aria-hidden="true" className="text-base leading-none">
            +
          </span>
          <span className="max-sm:sr-only">{t('createEvent')}</span>
        </Link>
      ) : null}
      <div className="min-w-0 text-right">
        <p className="truncate text-sm font-semibold text-slate-900" data-testid="user-name">
          {fullName || user?.username || 'Admin'}
        </p>
        <p className="truncate text-xs text-slate-600" data-testid="user-email">
          {user?.email ?? formatPhone(user?.phone)}
        </p>
      </div>
    </header>
  );
}
