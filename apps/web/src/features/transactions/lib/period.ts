import { DAY_MS, doualaDate } from '@app/shared/douala-time';

export const PERIODS = ['all', 'today', '7d', 'month', 'last-month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** A period of the filter as Douala days, inclusive (`from`/`to` of the API); null ends for 'all'. */
export function periodRange(period: Period, now: number = Date.now()): { from: string | null; to: string | null } {
  const today = doualaDate(now);
  const [year, month] = today.split('-') as [string, string];
  switch (period) {
    case 'all':
      return { from: null, to: null };
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: doualaDate(now - 6 * DAY_MS), to: today };
    case 'month':
      return { from: `${year}-${month}-01`, to: today };
    case 'last-month': {
      const first = new Date(Date.UTC(Number(year), Number(month) - 2, 1));
      const last = new Date(Date.UTC(Number(year), Number(month) - 1, 0));
      return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
    }
    case 'year':
      return { from: `${year}-01-01`, to: today };
  }
}
