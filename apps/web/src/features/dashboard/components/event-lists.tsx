import type { DashboardEvent, DashboardStats } from '@app/shared/stats';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { dashboardMessages } from '../messages';

const STATUS_TONE = { published: 'green', draft: 'yellow', cancelled: 'red' } as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function listState(
  query: UseQueryResult<DashboardStats, Error>,
  items: DashboardEvent[] | undefined,
  t: ReturnType<typeof useT<keyof (typeof dashboardMessages)['fr']>>,
) {
  if (query.isPending) return <SkeletonRows rows={4} />;
  if (query.isError) return <p className="text-sm font-semibold text-red-700">{t('loadError')}</p>;
  if (!items?.length) return <p className="text-sm text-slate-600">{t('noEvents')}</p>;
  return null;
}

/** Title, start date and status colour: published green, draft yellow, other red. */
export function RecentEvents({ query }: { query: UseQueryResult<DashboardStats, Error> }) {
  const t = useT(dashboardMessages);
  const items = query.data?.recentEvents;
  const state = listState(query, items, t);
  return (
    <Panel title={t('recentEvents')}>
      {state ?? (
        <ul className="divide-y divide-slate-100">
          {items?.map((event) => (
            <li key={event._id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{event.title}</p>
                <p className="text-xs text-slate-600">
                  {formatDate(event.startDateTime, { dateStyle: 'medium', timeStyle: 'short' })}
                </p>
              </div>
              <Badge tone={STATUS_TONE[event.status] ?? 'red'}>{t(event.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Title, participants, likes, views, most followed first. */
export function TopEvents({ query }: { query: UseQueryResult<DashboardStats, Error> }) {
  const t = useT(dashboardMessages);
  const items = query.data?.topEvents;
  const state = listState(query, items, t);
  return (
    <Panel title={t('topEvents')}>
      {state ?? (
        <>
          {/* Phones: one card per event, the title in full and the three figures labelled below it. */}
          <ul className="divide-y divide-slate-100 sm:hidden" aria-label={t('topEvents')} data-testid="top-events-cards">
            {items?.map((event) => (
              <li key={event._id} className="py-2">
                <p className="font-medium break-words text-slate-900">{event.title}</p>
                <dl className="mt-1 grid grid-cols-3 gap-2 text-xs text-slate-600">
                  {(
                    [
                      ['participants', event.participants],
                      ['likes', event.likes],
                      ['views', event.views],
                    ] as const
                  ).map(([key, value]) => (
                    <div key={key} className="min-w-0">
                      <dt className="truncate">{t(key)}</dt>
                      <dd className="text-sm font-semibold text-slate-900 tabular-nums">{formatNumber(value)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">{t('topEvents')}</caption>
              <thead className="text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t('title')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('participants')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('likes')}
                  </th>
                  <th scope="col" className="py-2 pl-2 text-right">
                    {t('views')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items?.map((event) => (
                  <tr key={event._id}>
                    <td className="max-w-36 truncate py-2 pr-3 font-medium text-slate-900 sm:max-w-56">{event.title}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{formatNumber(event.participants)}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{formatNumber(event.likes)}</td>
                    <td className="py-2 pl-2 text-right tabular-nums">{formatNumber(event.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}
