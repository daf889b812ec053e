import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { type AccountSection, AccountSectionContext } from '../../../components/layouts/account-section';
import { HomeLink, SiteBar } from '../../../components/layouts/site-bar';
import { useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/pwa';
import { accountShellMessages } from '../messages';
import { ACCOUNT_NAV, currentNavEntry } from '../nav';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * The frame of 'Mon compte' and every screen under it: the site bar (with the sections on a
 * desktop, and the notifications' `bell`) and, on a phone, a tab bar fixed at the bottom within thumb's reach.
 */
export function AccountShell({ children, bell }: { children: ReactNode; bell: ReactNode }) {
  const t = useT(accountShellMessages);
  const online = useOnline();
  const { pathname } = useLocation();
  // A screen may say which section it belongs to (the door: its organiser's or a helper's).
  const [section, setSection] = useState<AccountSection>(undefined);
  const current = currentNavEntry(pathname, section);
  const showNav = ACCOUNT_NAV.length > 1;
  const links = (variant: 'top' | 'bottom') =>
    ACCOUNT_NAV.filter((entry) => variant === 'top' || !entry.wideOnly).map((entry) => {
      const isActive = entry.id === current;
      return (
        <li key={entry.id} className={variant === 'bottom' ? 'flex-1' : entry.wideOnly ? 'hidden lg:block' : undefined}>
          <Link
            to={entry.to}
            data-nav={entry.id}
            aria-current={isActive ? 'page' : undefined}
            className={
              variant === 'top'
                ? `block rounded-md px-3 py-2 text-sm font-medium lg:whitespace-nowrap ${focusRing} ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`
                : `flex min-h-14 items-center justify-center px-1 text-center text-xs font-medium ${focusRing} ${isActive ? 'text-brand-800' : 'text-slate-700'}`
            }
          >
            <span className={variant === 'bottom' && isActive ? 'border-b-2 border-brand-700 pb-0.5' : undefined}>
              {t(entry.id)}
            </span>
          </Link>
        </li>
      );
    });

  return (
    <AccountSectionContext.Provider value={setSection}>
      <div className={`min-h-dvh bg-slate-50 ${showNav ? 'pb-16 sm:pb-0' : ''}`}>
        <SiteBar className="max-w-5xl gap-3">
          {showNav ? (
            <nav aria-label={t('accountNav')} className="hidden sm:block">
              <ul className="flex items-center gap-1">{links('top')}</ul>
            </nav>
          ) : null}
          <div className="flex items-center gap-1 sm:gap-2">
            {bell}
            {/* On a phone the bar also holds the messages and the bell: the short words. */}
            <HomeLink>
              <span className="sm:hidden">{t('siteHomeShort')}</span>
              <span className="hidden sm:inline">{t('siteHome')}</span>
            </HomeLink>
          </div>
        </SiteBar>
        <div role="status" className="empty:hidden">
          {online ? null : (
            <p className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900" data-offline-banner>
              {t('offline')}
            </p>
          )}
        </div>
        <main className="mx-auto max-w-5xl px-4 py-6 sm:py-10">{children}</main>
        {showNav ? (
          <nav
            aria-label={t('accountNav')}
            className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white sm:hidden"
          >
            <ul className="flex">{links('bottom')}</ul>
          </nav>
        ) : null}
      </div>
    </AccountSectionContext.Provider>
  );
}
