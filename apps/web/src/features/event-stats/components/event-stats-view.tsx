import type { EventStats, EventStatsDay } from '@app/shared/event-stats';
import { VIEW_SOURCES } from '@app/shared/event-stats';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ColumnBars } from '../../../components/ui/column-bars';
import { TableDetails } from '../../../components/ui/table-details';
import { paths } from '../../../config/paths';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { eventStatsMessages } from '../messages';

type T = ReturnType<typeof useT<keyof (typeof eventStatsMessages)['fr']>>;
const SERIES = ['views', 'visitors', 'participants', 'likes', 'comments'] as const;
type Series = (typeof SERIES)[number];
const SHORT = {
  views: 'viewsShort',
  visitors: 'visitorsShort',
  participants: 'participantsShort',
  likes: 'likesShort',
  comments: 'commentsShort',
} as const satisfies Record<Series, string>;
const SERIES_COLOURS: Record<Series, string> = {
  views: '#0f766e',
  visitors: '#0369a1',
  participants: '#b45309',
  likes: '#be123c',
  comments: '#6d28d9',
};
const SOURCE_COLOURS = { whatsapp: '#15803d', facebook: '#1d4ed8', direct: '#475569', referral: '#b45309', other: '#7c3aed' };

const day = (date: string, options: Intl.DateTimeFormatOptions) => formatDate(`${date}T12:00:00Z`, options);

function percent(value: number): string {
  return formatNumber(Math.round(value * 1000) / 10);
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

function Totals({ stats, t }: { stats: EventStats; t: T }) {
  const { totals } = stats;
  return (
    <section aria-labelledby="stats-totals">
      <h2 id="stats-totals" className="sr-only">
        {t('totals')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure testId="stat-views" label={t('views')} value={formatNumber(totals.views)} />
        <Figure testId="stat-visitors" label={t('visitors')} value={formatNumber(totals.visitors)} />
        <Figure testId="stat-participants" label={t('participants')} value={formatNumber(totals.participants)} />
        <Figure testId="stat-likes" label={t('likes')} value={formatNumber(totals.likes)} />
        <Figure testId="stat-comments" label={t('comments')} value={formatNumber(totals.comments)} />
        <Figure
          testId="stat-rate"
          label={t('rate')}
          value={totals.conversionRate === null ? t('noRate') : t('share', { percent: percent(totals.conversionRate) })}
          hint={t('rateHint')}
        />
      </dl>
    </section>
  );
}

function DailyChart({ days, t }: { days: EventStatsDay[]; t: T }) {
  const [series, setSeries] = useState<Series>('views');
  const name = useId();
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return null;
  const max = Math.max(1, ...days.map((point) => point[series]));
  // At least a fortnight's slots: a new event's one or two days are bars, not a wall.
  const slots = Math.max(days.length, 14);
  const short = (date: string) => day(date, { day: 'numeric', month: 'short' });
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="stats-daily">
      <h2 id="stats-daily" className="text-lg font-semibold text-slate-900">
        {t('perDay')}
      </h2>
      <p className="text-sm text-slate-600">
        {days.length === 1
          ? t('perDayOne', { date: short(first.date) })
          : t('perDaySummary', { days: days.length, from: short(first.date), to: short(last.date) })}
      </p>
      <fieldset className="mt-3">
        <legend className="sr-only">{t('series')}</legend>
        <div className="flex flex-wrap gap-2">
          {SERIES.map((key) => (
            <label
              key={key}
              className="cursor-pointer rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2"
            >
              <input
                type="radio"
                name={name}
                value={key}
                checked={series === key}
                onChange={() => setSeries(key)}
                className="sr-only"
              />
              {t(key)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3" aria-hidden="true">
        <p className="mb-1 text-xs text-slate-600 tabular-nums">{t('peak', { max: formatNumber(max) })}</p>
        <ColumnBars
          testId="daily-chart"
          color={SERIES_COLOURS[series]}
          slots={slots}
          bars={days.map((point) => ({ key: point.date, value: point[series] }))}
        />
        <div className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{short(first.date)}</span>
          {days.length > 1 && slots === days.length ? <span>{short(last.date)}</span> : null}
        </div>
      </div>
      {/* Compact enough to fit a phone without scrolling (a scrolling box would have to take the focus). */}
      <TableDetails label={t('showTable')}>
        <table className="w-full text-left text-xs sm:text-sm">
          <caption className="sr-only">{t('perDay')}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-1.5 py-2 sm:px-3">
                {t('date')}
              </th>
              {SERIES.map((key) => (
                <th key={key} scope="col" className="px-1.5 py-2 text-right font-medium sm:px-3">
                  {/* A phone has room for the short names only; the full one is the abbreviation's title. */}
                  <abbr title={t(key)} className="no-underline sm:hidden">
                    {t(SHORT[key])}
                  </abbr>
                  <span className="hidden sm:inline">{t(key)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...days].reverse().map((point) => (
              <tr key={point.date}>
                <th scope="row" className="px-1.5 py-1.5 font-normal whitespace-nowrap sm:px-3">
                  {day(point.date, { day: 'numeric', month: 'short' })}
                </th>
                {SERIES.map((key) => (
                  <td key={key} className="px-1.5 py-1.5 text-right tabular-nums sm:px-3">
                    {formatNumber(point[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableDetails>
    </section>
  );
}

function Sources({ sources, t }: { sources: NonNullable<EventStats['sources']>; t: T }) {
  const total = VIEW_SOURCES.reduce((sum, key) => sum + sources[key], 0);
  const max = Math.max(1, ...VIEW_SOURCES.map((key) => sources[key]));
  const ordered = [...VIEW_SOURCES].sort((a, b) => sources[b] - sources[a]);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="stats-sources">
      <h2 id="stats-sources" className="text-lg font-semibold text-slate-900">
        {t('sources')}
      </h2>
      <p className="text-sm text-slate-600">{t('sourcesSummary', { total: formatNumber(total) })}</p>
      <dl className="mt-3 space-y-2" data-testid="sources">
        {ordered.map((key) => (
          <div key={key} className="grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-1 text-sm sm:grid-cols-[10rem_1fr_auto]">
            <dt className="text-slate-700">{t(key)}</dt>
            <dd
              className="col-span-2 row-start-2 h-3 rounded bg-slate-100 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:h-4"
              aria-hidden="true"
            >
              <span
                className="block h-full rounded"
                style={{ width: `${(sources[key] / max) * 100}%`, backgroundColor: SOURCE_COLOURS[key] }}
              />
            </dd>
            <dd className="text-right font-medium tabular-nums sm:w-20" data-testid={`source-${key}`}>
              {formatNumber(sources[key])}
              <span className="ml-1 text-xs font-normal text-slate-600">
                ({t('share', { percent: total ? percent(sources[key] / total) : '0' })})
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The statistics of an event: totals for every organiser, the days and the sources with premium (decision 040). */
export function EventStatsView({ stats }: { stats: EventStats }) {
  const t = useT(eventStatsMessages);
  const quiet = stats.totals.views === 0 && stats.totals.participants === 0;
  return (
    <div className="space-y-4">
      <Totals stats={stats} t={t} />
      {quiet ? <Alert tone="info">{t('empty')}</Alert> : null}
      {stats.premium ? (
        <>
          {stats.daily && stats.daily.length > 0 ? <DailyChart days={stats.daily} t={t} /> : null}
          {stats.sources ? <Sources sources={stats.sources} t={t} /> : null}
        </>
      ) : (
        <Alert tone="info">
          <span data-testid="premium-upsell">{t('upsell')}</span>{' '}
          <Link to={paths.premium} className="font-semibold text-sky-900 underline hover:no-underline">
            {t('goPremium')}
          </Link>
        </Alert>
      )}
    </div>
  );
}
