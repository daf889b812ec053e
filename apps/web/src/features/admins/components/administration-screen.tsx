import type { PublicUser } from '@app/shared/users';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useDebounced, useListSelection } from '../../../lib/list-selection';
import type { AdminFilter } from '../api/get-admins';
import { adminsMessages } from '../messages';
import { AddAdminDialog } from './add-admin-dialog';
import { AdminDetail } from './admin-detail';
import { AdminList } from './admin-list';

/**
 * Spec §2 Administration: the list (search, status filter) on the left, the selected
 * administrator on the right. Below 1024 px one shows at a time; the selection is `?id=` so the
 * browser's Back returns to the list.
 */
/** `me`: the signed-in account; its id and effective permissions decide the actions offered. */
export function AdministrationScreen({ me }: { me: PublicUser | null }) {
  const t = useT(adminsMessages);
  const { selectedId, select, back } = useListSelection({ rowAttribute: 'data-admin-id', searchId: 'admin-search' });
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const [filter, setFilter] = useState<AdminFilter>('all');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);

  const permissions = me?.permissions ?? [];
  const canManage = permissions.includes('manage_admins');

  return (
    <Screen
      title={t('title')}
      subtitle={t('subtitle')}
      action={canManage && <Button onClick={() => setAdding(true)}>+ {t('addAdmin')}</Button>}
    >
      <ListDetailLayout
        prompt={t('selectPrompt')}
        detail={
          selectedId ? <AdminDetail id={selectedId} me={me ?? undefined} onBack={back} onRevoked={() => select(null)} /> : null
        }
        list={
          <AdminList
            search={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
            query={query}
            filter={filter}
            onFilter={(value) => {
              setFilter(value);
              setPage(1);
            }}
            page={page}
            onPage={setPage}
            selectedId={selectedId}
            onSelect={select}
            meId={me?._id}
          />
        }
      />

      <AddAdminDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(admin) => {
          setAdding(false);
          select(admin._id);
        }}
        grantable={permissions}
      />
    </Screen>
  );
}
