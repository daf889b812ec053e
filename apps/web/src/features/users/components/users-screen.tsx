import type { UserReportFilter } from '@app/shared/admins';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParam } from '../../../components/ui/pagination';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useDebounced, useListSelection } from '../../../lib/list-selection';
import type { UserStatusFilter } from '../api/get-users';
import { usersMessages } from '../messages';
import { UserDetail } from './user-detail';
import { UserList } from './user-list';

/**
 * Spec §2 Users ('Gestion des Utilisateurs'): the list (search, status and report filters) on the
 * left, the selected user on the right. Below 1024 px one shows at a time; the selection is `?id=`
 * so the browser's Back returns to the list. No create button.
 */
export function UsersScreen() {
  const t = useT(usersMessages);
  const [params] = useSearchParams();
  const { selectedId, select, back } = useListSelection({ rowAttribute: 'data-user-id', searchId: 'user-search' });
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = useDebounced(search.trim(), 250);
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const [reports, setReports] = useState<UserReportFilter>(params.get('reports') === 'reported' ? 'reported' : 'all');
  const [page, setPage] = usePageParam();
  const firstPage = () => setPage(1, { replace: true });

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
