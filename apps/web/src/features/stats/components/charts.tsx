import type { ReactNode } from 'react';
import { ColumnBars } from '../../../components/ui/column-bars';
import { TableDetails } from '../../../components/ui/table-details';
import { formatNumber } from '../../../lib/format';

export interface ChartPoint {
  label: string;
  /** Shorter label under the axis. */
  shortLabel?: string;
  value: number;
  /** The row's figures in the table, when not the value alone (amounts in FCFA, several columns). */
  cells?: string[];
}

/** How a figure reads: a count by default, FCFA for amounts. */
export type Format = (value: number) => string;

interface ChartFrameProps {
  title: string;
  summary: string;
  tableLabel: string;
  /** The row header's, then one per figure column. */
  headers: [string, ...string[]];
  points: ChartPoint[];
  children: ReactNode;
  actions?: ReactNode;
}

/** A chart with its data as a table for screen readers and anyone who prefers figures. */
export function ChartFrame({ title, summary, tableLabel, headers, points, children, actions }: ChartFrameProps) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">{summary}</p>
        </div>
        {actions}
      </div>
      {children}
      <TableDetails label={tableLabel} scroll>
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              {headers.map((header, index) => (
                <th key={header} scope="col" className={`px-3 py-2 ${index > 0 ? 'text-right' : ''}`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {point.label}
                </th>
                {(point.cells ?? [formatNumber(point.value)]).map((cell, index) => (
                  <td key={index} className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                    {cell}
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

/** Vertical bars over time, drawn in SVG; the figures are in the table beside it. Below zero draws no bar. */
export function ColumnChart({
  points,
  color = '#0f766e',
  format = formatNumber,
}: {
  points: ChartPoint[];
  color?: string;
  format?: Format;
}) {
  const max = Math.max(1, ...points.map((point) => point.value));
  const ticks = points.length > 1 ? [0, Math.floor((points.length - 1) / 2), points.length - 1] : [0];
  return (
    <div aria-hidden="true">
      <div className="flex items-stretch gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-slate-500 tabular-nums">
          <span>{format(max)}</span>
          <span>0</span>
        </div>
        <ColumnBars
          color={color}
          bars={points.map((point) => ({
            key: point.label,
            value: Math.max(0, point.value),
            title: `${point.label} : ${format(point.value)}`,
          }))}
        />
      </div>
      <div className="mt-1 flex justify-between pl-6 text-xs text-slate-500">
        {ticks.map((index) => (
          <span key={index}>{points[index]?.shortLabel ?? points[index]?.label}</span>
        ))}
      </div>
    </div>
  );
}

/** Horizontal bars for categories, longest first. */
export function BarList({
  points,
  colors,
  format = formatNumber,
}: {
  points: ChartPoint[];
  colors?: Record<string, string>;
  format?: Format;
}) {
  const max = Math.max(1, ...points.map((point) => point.value));
  return (
    <ul aria-hidden="true" className="space-y-2">
      {points.map((point) => (
        <li key={point.label} className="grid grid-cols-[7rem_1fr_auto] items-center gap-2 text-sm sm:grid-cols-[9rem_1fr_auto]">
          <span className="truncate text-slate-700">{point.label}</span>
          <span className="h-4 rounded bg-slate-100">
            <span
              className="block h-4 rounded"
              style={{ width: `${(point.value / max) * 100}%`, backgroundColor: colors?.[point.label] ?? '#0f766e' }}
            />
          </span>
          <span className="min-w-10 text-right font-medium whitespace-nowrap tabular-nums">{format(point.value)}</span>
        </li>
      ))}
    </ul>
  );
}
