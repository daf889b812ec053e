import { lastReachablePage } from '@app/shared/page-depth';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { uiMessages } from './messages';

/** Rows per page of every paged admin table. */
export const PAGE_SIZE = 10;

/** Page count: ceil(total / limit), at least 1, no more than a page number reaches (decision 069). */
export function pageCount(total: number, limit: number = PAGE_SIZE): number {
  return Math.max(1, Math.min(Math.ceil(total / limit), lastReachablePage(limit)));
}

/** Whether rows lie past the last page a page number reaches: a filter or search shows them. */
export function pagesCapped(total: number, limit: number = PAGE_SIZE): boolean {
  return Math.ceil(total / limit) > lastReachablePage(limit);
}

/**
 * The 1-based page read from a `?page=` value: anything that is not a whole number ≥ 1 is page 1,
 * and a page deeper than a page number reaches (a bookmark, decision 069) is the last it reaches.
 */
export function parsePage(value: string | null | undefined, limit: number = PAGE_SIZE): number {
  if (!value || !/^\d{1,9}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? Math.min(page, lastReachablePage(limit)) : 1;
}

/**
 * First / previous / next / last buttons and 'Page X sur N' (paged tables and lists). `label`
 * names the navigation when a screen has more than one; `capped` ({@link pagesCapped}) says that
 * more rows follow the last page, for a filter or search to reach.
 */
export function Pagination({
  page,
  count,
  onChange,
  label,
  capped = false,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
  label?: string;
  capped?: boolean;
}) {
  const t = useT(uiMessages);
  const atStart = page <= 1;
  const atEnd = page >= count;
  return (
    <nav aria-label={label ?? t('pagination')} className="flex flex-wrap items-center justify-center gap-2 py-3">
      <Button variant="secondary" size="sm" disabled={atStart} onClick={() => onChange(1)} aria-label={t('first')}>
        «
      </Button>
      <Button variant="secondary" size="sm" disabled={atStart} onClick={() => onChange(page - 1)} aria-label={t('previous')}>
        ‹
      </Button>
      <span className="px-2 text-sm text-slate-700" aria-live="polite">
        {t('page', { page, count })}
      </span>
      <Button variant="secondary" size="sm" disabled={atEnd} onClick={() => onChange(page + 1)} aria-label={t('next')}>
        ›
      </Button>
      <Button variant="secondary" size="sm" disabled={atEnd} onClick={() => onChange(count)} aria-label={t('last')}>
        »
      </Button>
      {capped ? <p className="w-full text-center text-xs text-slate-600">{t('capped')}</p> : null}
    </nav>
  );
}

/** One column of a {@link PagedTable}. */
