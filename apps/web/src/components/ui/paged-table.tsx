import { type ReactNode, useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { uiMessages } from './messages';
import { PAGE_SIZE, Pagination, pageCount, pagesCapped } from './pagination';
import { Table, TBody, Td, Th, THead } from './table';

export interface PagedColumn<T> {
  /** Column title (also the React key). */
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** What {@link PagedTable} reads from a query: a TanStack `useQuery` result fits as is. */
export interface PagedQuery<T> {
  data?: { items: T[]; total: number } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface PagedTableProps<T> {
  /** Accessible name of the table (a caption read by screen readers). */
  caption: string;
  columns: PagedColumn<T>[];
  /** The query of the current page: `GET …?page={page}&limit=10` answering `{ items, total }`. */
  query: PagedQuery<T>;
  /** The 1-based current page and its setter, usually from the list hook (`useListScreen`, ?page= in the URL). */
  page: number;
  onPage: (page: number, options?: { replace?: boolean }) => void;
  rowKey: (row: T) => string;
  /** Text when there are no rows at all, e.g. 'Aucune page trouvée'. */
  empty: string;
  /** Rows per page the query asked for (10 by default). */
  limit?: number;
  /**
   * Optional: on phones (below the `md` breakpoint) each row is this card, in a list, instead of
   * a table row, so a wide table never scrolls sideways at 360 px.
   */
  card?: (row: T) => ReactNode;
}

/**
 * The paged admin table (business pages, referral leaderboard, rewards, reward rules).
 *
 * How to use it:
 * ```tsx
 * const { page, setPage } = useListScreen();                    // ?page= in the URL, 1-based
 * const query = useQuery({ queryKey: ['x', page], queryFn: () => apiRequest('/x', { query: { page, limit: PAGE_SIZE } }),
 *                          placeholderData: keepPreviousData });  // answers { items, total }
 * <PagedTable caption="…" query={query} page={page} onPage={setPage} rowKey={(r) => r._id}
 *             empty="Aucune … trouvée" columns={[{ header: 'Nom', cell: (r) => r.name }, …]} />
 * ```
 * It shows 'Chargement...' while a page loads, a failed load in red with a 'Réessayer' button,
 * the empty text, and the pager (first / previous / next / last, 'Page X sur N', N = ceil(total/10)).
 * A page past the last one (an old link, rows removed) moves to the last page.
 */
export function PagedTable<T>({
  caption,
  columns,
  query,
  page,
  onPage,
  rowKey,
  empty,
  limit = PAGE_SIZE,
  card,
}: PagedTableProps<T>) {
  const t = useT(uiMessages);
  const total = query.data?.total ?? 0;
  const count = pageCount(total, limit);
  const rows = query.data?.items ?? [];
  const loaded = query.data !== undefined && !query.isPending;

  useEffect(() => {
    if (loaded && !query.isFetching && page > count) onPage(count, { replace: true });
  }, [loaded, query.isFetching, page, count, onPage]);

  let body: ReactNode;
  if (query.isError && !query.isFetching) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
      >
        <span>{query.error?.message || t('loadError')}</span>
        <Button size="sm" variant="secondary" onClick={() => query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (!loaded) {
    body = (
      <p role="status" className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600">
        {t('loading')}
      </p>
    );
  } else if (rows.length === 0 && total === 0) {
    body = <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600">{empty}</p>;
  } else {
    const table = (
      <Table caption={caption}>
        <THead>
          <tr>
            {columns.map((column) => (
              <Th key={column.header} className={column.className}>
                {column.header}
              </Th>
            ))}
          </tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <Td key={column.header} className={column.className}>
                  {column.cell(row)}
                </Td>
              ))}
            </tr>
          ))}
        </TBody>
      </Table>
    );
    body = card ? (
      <>
        <ul className="space-y-3 md:hidden" aria-label={caption}>
          {rows.map((row) => (
            <li key={rowKey(row)}>{card(row)}</li>
          ))}
        </ul>
        <div className="hidden md:block">{table}</div>
      </>
    ) : (
      table
    );
  }

  return (
    <div className="space-y-2" aria-busy={query.isFetching}>
      {body}
      {loaded && query.isFetching ? (
        <p role="status" className="text-center text-sm text-slate-600">
          {t('loading')}
        </p>
      ) : null}
      {loaded ? (
        <Pagination
          page={Math.min(page, count)}
          count={count}
          capped={pagesCapped(total, limit)}
          onChange={(next) => onPage(next)}
        />
      ) : null}
    </div>
  );
}
