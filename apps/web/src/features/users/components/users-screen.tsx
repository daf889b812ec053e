import type { UserReportFilter } from '@app/shared/admins';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParam } from '../../../components/ui/pagination';
import { useT } from '../../../lib/i18n';
import type { UserStatusFilter } from '../api/get-users';
import { usersMessages } from '../messages';
import { UserDetail } from './user-detail';
import { UserList } from './user-list';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Spec §2 Users ('Gestion des Utilisateurs'): the list (search, status and report filters) on the
 * left, the selected user on the right. Below 1024 px one shows at a time; the selection is `?id=`
 * so the browser's Back returns to the list. No create button.
 */
export function UsersScreen() {
  const t = useT(usersMessages);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = useDebounced(search.trim(), 250);
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const [reports, setReports] = useState<UserReportFilter>(params.get('reports') === 'reported' ? 'reported' : 'all');
  const [page, setPage] = usePageParam();
  const firstPage = () => setPage(1, { replace: true });
  const [returnTo, setReturnTo] = useState<string | null>(null);

  const title = t('title');
  useEffect(() => {
    document.title = `${title} · Évènements Cameroun`;
  }, [title]);

  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next, { replace: !id });
  };
  const back = () => {
    setReturnTo(selectedId);
    select(null);
  };
  useEffect(() => {
    if (selectedId || !returnTo) return;
    const row = document.querySelector<HTMLElement>(`button[data-user-id="${returnTo}"]`);
    (row ?? document.getElementById('user-search'))?.focus();
    setReturnTo(null);
  }, [selectedId, returnTo]);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('subtitle')}</p>
      </header>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className={selectedId ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
          <UserList
            search={search}
            onSearch={(value) => {
              setSearch(value);
              firstPage();
            }}
            query={query}
            status={status}
            onStatus={(value) => {
              setStatus(value);
              firstPage();
            }}
            reports={reports}
            onReports={(value) => {
              setReports(value);
              firstPage();
            }}
            page={page}
            onPage={(next) => setPage(next)}
            selectedId={selectedId}
            onSelect={select}
          />
        </div>
        {selectedId ? (
          <UserDetail id={selectedId} onBack={back} onDeleted={() => select(null)} />
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-500 lg:block">
            {t('selectPrompt')}
          </p>
        )}
      </div>
    </div>
  );
}
