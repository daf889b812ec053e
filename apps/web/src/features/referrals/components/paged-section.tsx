import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { REFERRAL_PAGE_SIZE } from '../api/get-leaderboard';

/** The page of a paged table, kept in the URL (`?page=2`) so a reload or a shared link shows the same page. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { replace: false },
    );
  return [page, setPage];
}

/**
 * The frame of the paged admin tables of spec §2: 'Chargement...', the error in red, the empty
 * text, the rows, and the pager (10 per page, 'Page X sur N').
 */
export function PagedSection<T>({
  query,
  page,
  onPage,
  loading,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data?: { items: T[]; total: number } };
  page: number;
  onPage: (page: number) => void;
  loading: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <p role="status" className="mb-3 text-sm text-slate-600">
          {loading}
        </p>
        <SkeletonRows rows={3} />
      </div>
    );
  } else if (query.isError) {
    body = <Alert>{query.error?.message}</Alert>;
  } else if (!query.data || query.data.items.length === 0) {
    body = <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">{empty}</p>;
  } else {
    body = children(query.data.items);
  }
  const count = pageCount(query.data?.total ?? 0, REFERRAL_PAGE_SIZE);
  return (
    <div className="space-y-2">
      {body}
      {query.data ? <Pagination page={Math.min(page, count)} count={count} onChange={onPage} /> : null}
    </div>
  );
}
