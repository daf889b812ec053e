import type { PublicUser } from '@app/shared/users';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { ADMIN_FILTERS } from '../api/get-admins';
import { adminsMessages } from '../messages';
import { AdminDetail } from './admin-detail';
import { AdminList } from './admin-list';

/** The add form (its schema, zod, the form library, the phone library) loads when first opened. */
const AddAdminDialog = lazy(() => import('./add-admin-dialog').then((module) => ({ default: module.AddAdminDialog })));

/**
 * Administration: the list (search, status filter) on the left, the selected
 * administrator on the right. Below 1024 px one shows at a time. The search, filter, page and
 * selection are in the URL, so a reload keeps them and the browser's Back returns to the list.
 */
/** `me`: the signed-in account; its id and effective permissions decide the actions offered. */
export function AdministrationScreen({ me }: { me: PublicUser | null }) {
  const t = useT(adminsMessages);
  const list = useListScreen({ filters: { status: ADMIN_FILTERS }, rowAttribute: 'data-admin-id', searchId: 'admin-search' });
  const { selectedId, select } = list;
  const [adding, setAdding] = useState(false);
  const [addOpened, setAddOpened] = useState(false);

  const permissions = me?.permissions ?? [];
  const canManage = permissions.includes('manage_admins');

  return (
    <Screen
      title={t('title')}
      subtitle={t('subtitle')}
      action={
        canManage && (
          <Button
            onClick={() => {
              setAddOpened(true);
              setAdding(true);
            }}
          >
            + {t('addAdmin')}
          </Button>
        )
      }
    >
      <ListDetailLayout
        prompt={t('selectPrompt')}
        detail={
          selectedId ? (
            <AdminDetail id={selectedId} me={me ?? undefined} onBack={list.back} onRevoked={() => select(null)} />
          ) : null
        }
        list={
          <AdminList
            search={list.search}
            onSearch={list.setSearch}
            query={list.query}
            filter={list.filters.status}
            onFilter={(status) => list.setFilters({ status })}
            page={list.page}
            onPage={list.setPage}
            selectedId={selectedId}
            onSelect={select}
            meId={me?._id}
          />
        }
      />

      {addOpened && (
        <Suspense fallback={null}>
          <AddAdminDialog
            open={adding}
            onClose={() => setAdding(false)}
            onCreated={(admin) => {
              setAdding(false);
              select(admin._id);
            }}
            grantable={permissions}
          />
        </Suspense>
      )}
    </Screen>
  );
}
