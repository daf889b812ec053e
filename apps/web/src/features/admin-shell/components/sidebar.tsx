import { NavLink } from 'react-router';
import { setLanguage, useLanguage, useT } from '../../../lib/i18n';
import { useAdminUser } from '../hooks/use-admin-user';
import { shellMessages } from '../messages';
import { type NavEntry, type NavId, PRIMARY_NAV, SECONDARY_NAV, visibleEntries } from '../nav';
import { paths } from '../../../config/paths';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm lg:min-h-8 lg:py-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-100 ${
    isActive ? 'bg-brand-700 font-semibold text-white' : 'text-slate-200 hover:bg-slate-800 hover:text-white'
  }`;

const actionClass =
  'flex min-h-10 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm lg:min-h-8 lg:py-1.5 text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-100';

/** `badges`: a count shown beside an entry (the open reports beside Signalements), composed by the route. */
export function Sidebar({
  onNavigate,
  onLogout,
  badges = {},
}: {
  onNavigate: () => void;
  onLogout: () => void;
  badges?: Partial<Record<NavId, number | undefined>>;
}) {
  const t = useT(shellMessages);
  const user = useAdminUser();
  const language = useLanguage();
  const permissions = user?.permissions ?? [];

  const renderEntry = (entry: NavEntry) => (
    <li key={entry.id}>
      <NavLink
        to={paths.admin.screen(entry.path)}
        end={entry.path === ''}
        className={itemClass}
        onClick={onNavigate}
        data-nav={entry.id}
        aria-describedby={badges[entry.id] ? `nav-badge-${entry.id}` : undefined}
      >
        <span className="flex-1">{t(entry.id)}</span>
        {badges[entry.id] ? (
          <span
            aria-hidden="true"
            className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
            data-badge={entry.id}
          >
            {badges[entry.id]}
          </span>
        ) : null}
      </NavLink>
      {badges[entry.id] ? (
        <span id={`nav-badge-${entry.id}`} className="sr-only">
          {t('openCount')} {badges[entry.id]}
        </span>
      ) : null}
    </li>
  );

  return (
    // Compact on a desktop so every entry, down to 'Log Out', fits 800 px without a scroll of its own.
    <nav aria-label={t('mainNav')} className="flex min-h-full flex-col gap-4 px-3 py-4 lg:gap-3 lg:py-3">
      <p className="px-3 text-lg font-bold text-white lg:text-base">{t('brand')}</p>
      <ul className="space-y-1 lg:space-y-0.5">{visibleEntries(PRIMARY_NAV, permissions).map(renderEntry)}</ul>
      <ul className="space-y-1 border-t border-slate-700 pt-4 lg:space-y-0.5 lg:pt-3">
        {visibleEntries(SECONDARY_NAV, permissions).map(renderEntry)}
        <li>
          <button
            type="button"
            className={actionClass}
            lang={language === 'fr' ? 'en' : 'fr'}
            title={t('switchLanguageHint')}
            onClick={() => setLanguage(language === 'fr' ? 'en' : 'fr')}
            data-nav="english"
          >
            {t('switchLanguage')}
          </button>
        </li>
        <li>
          <button type="button" className={actionClass} onClick={onLogout} data-nav="logout">
            {t('logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
