import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

interface DetailPanelProps {
  /** The id of the panel's heading (its accessible name). */
  labelledBy: string;
  backLabel: string;
  onBack: () => void;
  /** The back button on every width; by default only below `lg`, where the list is hidden. */
  backAlways?: boolean;
  children: ReactNode;
}

/** The box of a list's detail (users, partners, administrators): '← Retour' to the list, then the detail. */
export function DetailPanel({ labelledBy, backLabel, onBack, backAlways = false, children }: DetailPanelProps) {
  return (
    <section aria-labelledby={labelledBy} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <button
        type="button"
        onClick={onBack}
        className={`mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline ${backAlways ? '' : 'lg:hidden'}`}
      >
        <span aria-hidden="true">←</span> {backLabel}
      </button>
      {children}
    </section>
  );
}

/** What {@link LoadedDetailPanel} reads from a query: a TanStack `useQuery` result fits as is. */
export interface DetailQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface LoadedDetailPanelProps<T> extends Omit<DetailPanelProps, 'children' | 'backLabel'> {
  /** The query of the detail shown. */
  query: DetailQuery<T>;
  /**
   * The feature's messages: 'loading' while it loads, 'detailError' before the server's message
   * when it failed, 'back' on the button back to the list.
   */
  t: (key: 'loading' | 'detailError' | 'back') => string;
  /** With it, a failed load offers a button that tries again. */
  retryLabel?: string;
  /** The detail, once loaded. */
  children: (data: T) => ReactNode;
}

/** A {@link DetailPanel} around a query: the loading text, the failed load (in red), then the detail. */
export function LoadedDetailPanel<T>({ query, t, retryLabel, children, ...panel }: LoadedDetailPanelProps<T>) {
  let body: ReactNode;
  if (query.isPending) body = <p className="text-sm text-slate-500">{t('loading')}</p>;
  else if (query.isError)
    body = (
      <Alert>
        <p>
          {t('detailError')} : {query.error?.message}
        </p>
        {retryLabel && (
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => query.refetch()}>
            {retryLabel}
          </Button>
        )}
      </Alert>
    );
  else body = children(query.data as T);
  return (
    <DetailPanel {...panel} backLabel={t('back')}>
      {body}
    </DetailPanel>
  );
}
