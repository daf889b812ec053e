import type { DashboardStats } from '@app/shared/stats';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { dashboardMessages } from '../messages';

type CardKey = 'waitlist' | 'events' | 'businesses' | 'monthlyRevenue' | 'premiumUsers' | 'freemiumUsers';
const CARDS: { key: CardKey; money?: boolean }[] = [
  { key: 'waitlist' },
  { key: 'events' },
  { key: 'businesses' },
  { key: 'monthlyRevenue', money: true },
  { key: 'premiumUsers' },
  { key: 'freemiumUsers' },
];

/** The six cards: zero when a figure is missing, a loading state, 'Erreur de chargement'. */
export function StatCards({ query }: { query: UseQueryResult<DashboardStats, Error> }) {
  const t = useT(dashboardMessages);
  const stats = query.data;
  const detail = (key: CardKey): string | null => {
    if (!stats) return null;
    if (key === 'waitlist') return t('waitlistDetail', stats.waitlistStats);
    if (key === 'events') return t('eventsDetail', { active: stats.activeEvents });
    if (key === 'monthlyRevenue' && !stats.revenueTracked) return t('revenueNote');
    return null;
  };
  return (
    <div className="space-y-3">
      {query.isError ? <Alert>{`${t('statsError')} : ${query.error.message}`}</Alert> : null}
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.key} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-card={card.key}>
            <p className="flex items-center gap-2 text-sm font-medium text-slate-600">{t(card.key)}</p>
            {query.isPending ? (
              <>
                <span className="sr-only">…</span>
                <Skeleton className="mt-2 h-8 w-24" />
              </>
            ) : query.isError ? (
              <p className="mt-2 text-sm font-semibold text-red-700">{t('loadError')}</p>
            ) : (
              <p className="mt-1 text-xl font-bold break-words text-slate-900 sm:text-2xl" data-value>
                {card.money ? formatMoney(stats?.[card.key] ?? 0) : formatNumber(stats?.[card.key] ?? 0)}
              </p>
            )}
            {detail(card.key) ? <p className="mt-1 text-xs text-slate-600">{detail(card.key)}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
