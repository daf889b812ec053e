import { USER_REPORT_FILTERS } from '@app/shared/admin-lists';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { USER_STATUS_FILTERS } from '../api/get-users';
import { usersMessages } from '../messages';
import { UserDetail } from './user-detail';
import { UserList } from './user-list';

/**
 * Users ('Gestion des Utilisateurs'): the list (search, status and report filters) on the
 * left, the selected user on the right. Below 1024 px one shows at a time. The search, filters,
 * page and selection are in the URL, so a reload keeps them and the browser's Back returns to the list.
 * No create button.
 */
export function UsersScreen() {
  const t = useT(usersMessages);
  const list = useListScreen({
    filters: { status: USER_STATUS_FILTERS, reports: USER_REPORT_FILTERS },
    rowAttribute: 'data-user-id',
    searchId: 'user-search',
  });
  const { selectedId, select } = list;

  return (
    <Screen title={t('title')} subtitle={t('subtitle')}>
      <ListDetailLayout
        prompt={t('selectPrompt')}
        detail={selectedId ? <UserDetail id={selectedId} onBack={list.back} onDeleted={() => select(null)} /> : null}
        list={
          <UserList
            search={list.search}
            onSearch={list.setSearch}
            query={list.query}
            status={list.filters.status}
            onStatus={(status) => list.setFilters({ status })}
            reports={list.filters.reports}
            onReports={(reports) => list.setFilters({ reports })}
            page={list.page}
            onPage={list.setPage}
            selectedId={selectedId}
            onSelect={select}
          />
        }
      />
    </Screen>
  );
}
