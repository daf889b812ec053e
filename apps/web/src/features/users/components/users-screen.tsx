import type { UserReportFilter } from '@app/shared/admins';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParam } from '../../../components/ui/pagination';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
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
    <Screen title={t('title')} subtitle={t('subtitle')}>
      <ListDetailLayout
        prompt={t('selectPrompt')}
        detail={selectedId ? <UserDetail id={selectedId} onBack={back} onDeleted={() => select(null)} /> : null}
        list={
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
        }
      />
    </Screen>
  );
}
