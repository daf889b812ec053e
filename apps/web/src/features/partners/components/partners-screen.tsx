import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useListSelection } from '../../../lib/list-selection';
import { partnersMessages } from '../messages';
import { AddPartnerDialog } from './add-partner-dialog';
import { PartnerDetailPanel } from './partner-detail';
import { type PartnerFilters, PartnerList } from './partner-list';

const SEARCH_DELAY_MS = 300;

/**
 * 'Gestion des Partenaires' (spec §2): the list (search, status, type and verification filters)
 * and the selected partner, side by side from 1024 px, one at a time below (the selection is
 * `?id=`, so the browser's Back returns to the list), like the Administration screen.
 */
export function PartnersScreen() {
  const t = useT(partnersMessages);
  const { selectedId, select, back } = useListSelection({ rowAttribute: 'data-partner-id', searchId: 'partner-search' });
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<PartnerFilters>({ status: 'all', type: 'all', verification: 'all' });
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <Screen title={t('title')} subtitle={t('subtitle')} action={<Button onClick={() => setAdding(true)}>+ {t('add')}</Button>}>
      <ListDetailLayout
        prompt={t('selectPrompt')}
        detail={selectedId ? <PartnerDetailPanel key={selectedId} id={selectedId} onBack={back} /> : null}
        list={
          <PartnerList
            search={search}
            onSearch={setSearch}
            query={query}
            filters={filters}
            onFilters={(next) => {
              setFilters(next);
              setPage(1);
            }}
            page={page}
            onPage={setPage}
            selectedId={selectedId}
            onSelect={select}
          />
        }
      />

      <AddPartnerDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(partner) => {
          setAdding(false);
          select(partner._id);
        }}
      />
    </Screen>
  );
}
