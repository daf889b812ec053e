import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useOutboxSummary } from '../api/get-outbox-summary';
import { messagingTabsMessages } from '../messages';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-10 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
    isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
  }`;

/**
 * 'Conversations' | 'Envois en échec (3)': two addresses of 'Messagerie' (links, the current one
 * `aria-current="page"`), the count of failed sends beside the second while there are some.
 */
export function MessagingTabs() {
  const t = useT(messagingTabsMessages);
  const summary = useOutboxSummary();
  const failed = summary.data?.failed ?? 0;
  return (
    <nav aria-label={t('tabs')} className="-mt-1 flex gap-1 overflow-x-auto border-b border-slate-200">
      <NavLink to={paths.admin.screen('messages')} end className={tabClass}>
        {t('conversations')}
      </NavLink>
      <NavLink to={paths.admin.failedMessages} className={tabClass} data-tab="failed">
        {t('failed')}
        {failed > 0 ? (
          <>
            <span aria-hidden="true" className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
              {formatNumber(failed)}
            </span>
            <span className="sr-only">{` (${t('failedCount', { count: formatNumber(failed) })})`}</span>
          </>
        ) : null}
      </NavLink>
    </nav>
  );
}
