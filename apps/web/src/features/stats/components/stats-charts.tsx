import { EVENT_CATEGORIES, EVENT_STATUSES } from '@app/shared/events';
import { OPERATOR_LABELS } from '@app/shared/payments';
import { REVENUE_MONTHS, STATS_RANGES } from '@app/shared/stats';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useStatsCharts } from '../api/get-stats-charts';
import { statsMessages } from '../messages';
import { BarList, ChartFrame, type ChartPoint, ColumnChart } from './charts';

type Key = keyof (typeof statsMessages)['fr'];
/** The statuses and categories the messages name; any other key is shown as it is. */
const KNOWN = new Set<string>([...EVENT_STATUSES, ...EVENT_CATEGORIES]);
const STATUS_COLORS = { draft: '#d97706', published: '#047857', cancelled: '#b91c1c' };
/** The operators' own colours (MTN yellow, Orange orange), dark enough beside the white. */
const OPERATOR_COLORS: Record<string, string> = {
  [OPERATOR_LABELS.mtn]: '#ca8a04',
  [OPERATOR_LABELS.orange]: '#ea580c',
};

/** A calendar day (YYYY-MM-DD) shown in the reader's language; noon UTC keeps it on that day in Douala. */
const dayLabel = (day: string, options: Intl.DateTimeFormatOptions) => formatDate(`${day}T12:00:00Z`, options);
/** A Douala month (YYYY-MM): its 15th at noon is in it whatever the offset. */
const monthLabel = (month: string, options: Intl.DateTimeFormatOptions) => formatDate(`${month}-15T12:00:00Z`, options);
const money = (value: number) => formatMoney(value);

export function StatsCharts() {
  const t = useT(statsMessages);
  const [days, setDays] = useState<number>(30);
  const charts = useStatsCharts(days);
  const label = (key: string) => (KNOWN.has(key) ? t(key as Key) : key);
  const sum = (points: ChartPoint[]) => formatNumber(points.reduce((total, point) => total + point.value, 0));

  if (charts.isPending) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <SkeletonRows rows={5} />
      </div>
    );
  }
  if (charts.isError) return <Alert>{charts.error.message}</Alert>;
  const data = charts.data;

  const daily: ChartPoint[] = data.waitlistDaily.map((point) => ({
    label: dayLabel(point.date, { dateStyle: 'medium' }),
    shortLabel: dayLabel(point.date, { day: 'numeric', month: 'short' }),
    value: point.count,
  }));
  const weekly: ChartPoint[] = data.accountsWeekly.map((point) => ({
    label: dayLabel(point.weekStart, { dateStyle: 'medium' }),
    shortLabel: dayLabel(point.weekStart, { day: 'numeric', month: 'short' }),
    value: point.count,
  }));
  const byStatus: ChartPoint[] = data.eventsByStatus.map((point) => ({ label: label(point.key), value: point.count }));
  const byCategory: ChartPoint[] = data.eventsByCategory.map((point) => ({ label: label(point.key), value: point.count }));
  const revenue: ChartPoint[] = data.revenueMonthly.map((point) => ({
    // Short months and the revenue first: at 360 px the table shows what matters before it scrolls.
    label: monthLabel(point.month, { month: 'short', year: 'numeric' }),
    value: point.revenue,
    cells: [money(point.revenue), formatNumber(point.payments), money(point.paid), money(point.refunded)],
  }));
  const byOperator: ChartPoint[] = data.paymentsByOperator.map((point) => ({
    label: OPERATOR_LABELS[point.operator],
    value: point.amount,
    cells: [formatNumber(point.count), money(point.amount)],
  }));
  const statusColors = Object.fromEntries(Object.entries(STATUS_COLORS).map(([key, color]) => [label(key), color])) as Record<
    string,
    string
  >;

  const rangeButtons = (
    <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{t('range')}</legend>
      {STATS_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={days === range}
          onClick={() => setDays(range)}
          className={`min-h-9 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
            days === range ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {t('days', { days: range })}
        </button>
      ))}
    </fieldset>
  );

  const empty = <p className="py-6 text-center text-sm text-slate-600">{t('empty')}</p>;

  return (
    <div
      className={`grid gap-4 lg:grid-cols-2 [&>*]:min-w-0 ${charts.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={charts.isFetching}
    >
      <div className="lg:col-span-2">
        <ChartFrame
          title={t('waitlistDaily')}
          summary={`${t('total', { total: sum(daily) })} · ${t('days', { days: data.days })}`}
          tableLabel={t('showTable')}
          headers={[t('date'), t('count')]}
          points={daily}
          actions={rangeButtons}
        >
          <ColumnChart points={daily} />
        </ChartFrame>
      </div>
      <ChartFrame
        title={t('accountsWeekly')}
        summary={t('total', { total: sum(weekly) })}
        tableLabel={t('showTable')}
        headers={[t('week'), t('count')]}
        points={weekly}
      >
        <ColumnChart points={weekly} color="#0369a1" />
      </ChartFrame>
      <ChartFrame
        title={t('eventsByStatus')}
        summary={t('total', { total: sum(byStatus) })}
        tableLabel={t('showTable')}
        headers={[t('status'), t('count')]}
        points={byStatus}
      >
        {byStatus.length ? <BarList points={byStatus} colors={statusColors} /> : empty}
      </ChartFrame>
      <div className="lg:col-span-2">
        <ChartFrame
          title={t('eventsByCategory')}
          summary={t('total', { total: sum(byCategory) })}
          tableLabel={t('showTable')}
          headers={[t('category'), t('count')]}
          points={byCategory}
        >
          {byCategory.length ? <BarList points={byCategory} /> : empty}
        </ChartFrame>
      </div>
      <div className="lg:col-span-2">
        <ChartFrame
          title={t('revenueMonthly')}
          summary={`${t('total', { total: money(data.revenueMonthly.reduce((total, point) => total + point.revenue, 0)) })} · ${t('months', { months: REVENUE_MONTHS })}`}
          tableLabel={t('showTable')}
          headers={[t('month'), t('revenue'), t('payments'), t('paid'), t('refunded')]}
          points={revenue}
        >
          <ColumnChart points={revenue} color="#047857" format={money} />
        </ChartFrame>
      </div>
      <div className="lg:col-span-2">
        <ChartFrame
          title={t('paymentsByOperator')}
          summary={`${t('total', { total: formatNumber(data.paymentsByOperator.reduce((total, point) => total + point.count, 0)) })} · ${t('months', { months: REVENUE_MONTHS })}`}
          tableLabel={t('showTable')}
          headers={[t('operator'), t('payments'), t('amount')]}
          points={byOperator}
        >
          <BarList points={byOperator} colors={OPERATOR_COLORS} format={money} />
        </ChartFrame>
      </div>
    </div>
  );
}
