import type { ComponentProps, ReactNode } from 'react';
import { SearchField } from './form/search-field';
import { ListError, ListLoading } from './list-states';
import type { PagedQuery } from './paged-table';
import { PAGE_SIZE, Pagination, pageCount, pagesCapped } from './pagination';

/** The texts every list's messages hold under these keys. */
type ListTextKey = 'title' | 'search' | 'searchPlaceholder' | 'loading' | 'listError' | 'retry';

interface SelectableListProps<T> {
  /** Names the ids: `<name>-list-title` (the list's screen-reader heading) and `<name>-search`. */
  name: string;
  /** The feature's `t`, read for the {@link ListTextKey} texts. */
  t: (key: ListTextKey) => string;
  /** The text typed in the search box and its setter (the debounced value is sent by the query). */
  search: string;
  onSearch: (value: string) => void;
  /** The filters under the search box. */
  filters: ReactNode;
  /** The query of the current page, answering `{ items, total }`. */
  query: PagedQuery<T>;
  /** Grey rows shown while the first page loads. */
  loadingRows: number;
  /** Text when no row matches. */
  empty: string;
  /** A line above the rows, once there are rows (e.g. the total). */
  summary?: (total: number) => ReactNode;
  rowKey: (row: T) => string;
  /** One row: usually a {@link ListRowButton}. */
  row: (row: T) => ReactNode;
  page: number;
  onPage: (page: number) => void;
}

/**
 * The list half of a list-and-detail screen (administrators, partners, users): the search box, the
 * filters, then the loading rows, the failed load with 'Réessayer', the empty text or the rows, and
 * the pager when there is more than one page.
 */
export function SelectableList<T>(props: SelectableListProps<T>) {
  const { query, t } = props;
  const titleId = `${props.name}-list-title`;
  let body: ReactNode;
  if (query.isPending) body = <ListLoading label={t('loading')} rows={props.loadingRows} />;
  else if (query.isError || !query.data)
    body = (
      <ListError
        title={t('listError')}
        message={query.error?.message ?? ''}
        retryLabel={t('retry')}
        onRetry={() => query.refetch()}
      />
    );
  else if (query.data.items.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{props.empty}</p>
    );
  else
    body = (
      <>
        {props.summary?.(query.data.total)}
        <ul
          className={`divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white ${query.isFetching ? 'opacity-70' : ''}`}
          aria-busy={query.isFetching}
        >
          {query.data.items.map((item) => (
            <li key={props.rowKey(item)}>{props.row(item)}</li>
          ))}
        </ul>
      </>
    );
  const total = query.data?.total ?? 0;
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <h2 id={titleId} className="sr-only">
        {t('title')}
      </h2>
      <SearchField
        id={`${props.name}-search`}
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={props.search}
        onChange={props.onSearch}
      />
      {props.filters}
      {body}
      {total > PAGE_SIZE && (
        <Pagination
          page={props.page}
          count={pageCount(total, PAGE_SIZE)}
          capped={pagesCapped(total, PAGE_SIZE)}
          onChange={props.onPage}
        />
      )}
    </section>
  );
}

interface ListRowButtonProps extends Omit<ComponentProps<'button'>, 'onClick' | 'className'> {
  selected: boolean;
  onSelect: () => void;
  /** How the row's parts line up: centred (default) or at the top (rows of several lines). */
  align?: 'center' | 'start';
}

/** A row of a {@link SelectableList}: the whole row is a button, marked `aria-current` when its detail is open. */
export function ListRowButton({ selected, onSelect, align = 'center', children, ...rest }: ListRowButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={`flex w-full ${align === 'start' ? 'items-start' : 'items-center'} gap-3 px-3 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
        selected ? 'bg-brand-50' : 'hover:bg-slate-50'
      }`}
    >
      {children}
    </button>
  );
}
