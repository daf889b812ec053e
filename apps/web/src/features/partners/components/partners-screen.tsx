import { PARTNER_STATUSES, PARTNER_TYPES, PARTNER_VERIFICATION_FILTERS } from '@app/shared/partner-lists';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { partnersMessages } from '../messages';
import { PartnerDetailPanel } from './partner-detail';
import { PartnerList } from './partner-list';

/** The add form (its schema, zod, the form library, the phone library) loads when first opened. */
const AddPartnerDialog = lazy(() => import('./add-partner-dialog').then((module) => ({ default: module.AddPartnerDialog })));

/**
 * 'Gestion des Partenaires': the list (search, status, type and verification filters)
 * and the selected partner, side by side from 1024 px, one at a time below, like the Administration
 * screen. The search, filters, page and selection are in the URL, so a reload keeps them and the
 * browser's Back returns to the list.
 */
export function PartnersScreen() {
  const t = useT(partnersMessages);
  const list = useListScreen({
    filters: {
      status: ['all', ...PARTNER_STATUSES] as const,
      type: ['all', ...PARTNER_TYPES] as const,
      verification: PARTNER_VERIFICATION_FILTERS,
    },
    rowAttribute: 'data-partner-id',
    searchId: 'partner-search',
  });
  const { selectedId, select } = list;
  const [adding, setAdding] = useState(false);
  const [addOpened, setAddOpened] = useState(false);

  return (
    <Screen
      title={t('title')}
      subtitle={t('subtitle')}
      action={
        <Button
          onClick={() => {
            setAddOpened(true);
            setAdding(true);
          }}
        >
          + {t('add')}
        </Button>
      }
    >
      <ListDetailLayout
        prompt={t('selectPrompt')}
        detail={selectedId ? <PartnerDetailPanel key={selectedId} id={selectedId} onBack={list.back} /> : null}
        list={
          <PartnerList
            search={list.search}
            onSearch={list.setSearch}
            query={list.query}
            filters={list.filters}
            onFilters={list.setFilters}
            page={list.page}
            onPage={list.setPage}
            selectedId={selectedId}
            onSelect={select}
          />
        }
      />

      {addOpened && (
        <Suspense fallback={null}>
          <AddPartnerDialog
            open={adding}
            onClose={() => setAdding(false)}
            onCreated={(partner) => {
              setAdding(false);
              select(partner._id);
            }}
          />
        </Suspense>
      )}
    </Screen>
  );
}
