import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
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
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<PartnerFilters>({ status: 'all', type: 'all', verification: 'all' });
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [returnTo, setReturnTo] = useState<string | null>(null);

  const title = t('title');
  useEffect(() => {
    document.title = `${title} · Évènements Cameroun`;
  }, [title]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

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
  // Once the list shows again (phones), focus goes back to the row that was open, else the search.
  useEffect(() => {
    if (selectedId || !returnTo) return;
    const row = document.querySelector<HTMLElement>(`button[data-partner-id="${returnTo}"]`);
    (row ?? document.getElementById('partner-search'))?.focus();
    setReturnTo(null);
  }, [selectedId, returnTo]);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-sm text-slate-600">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setAdding(true)}>+ {t('add')}</Button>
      </header>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className={selectedId ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
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
        </div>
        {selectedId ? (
          <PartnerDetailPanel key={selectedId} id={selectedId} onBack={back} />
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-500 lg:block">
            {t('selectPrompt')}
          </p>
        )}
      </div>

      <AddPartnerDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(partner) => {
          setAdding(false);
          select(partner._id);
        }}
      />
    </div>
  );
}
