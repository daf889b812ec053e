import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { eventsMessages } from '../messages';
import { CreateEventDialog } from './create-event-dialog';
import { EventDetailPanel } from './event-detail';
import { type EventFilters, EventList } from './event-list';

const SEARCH_DELAY_MS = 300;

/**
 * 'Gestion des Événements' (spec §2): the list on two thirds, the detail on one third (stacked on
 * small screens). `?create=1` (the top bar's button) opens the creation dialog.
 */
export function EventsScreen() {
  const t = useT(eventsMessages);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  // `?approval=pending` opens the 'À approuver' queue.
  const [filters, setFilters] = useState<EventFilters>({
    status: params.get('approval') === 'pending' ? 'approval' : 'all',
    category: 'all',
    date: 'all',
  });
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (params.get('create') !== '1') return;
    setCreating(true);
    const next = new URLSearchParams(params);
    next.delete('create');
    setParams(next, { replace: true });
  }, [params, setParams]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <Button onClick={() => setCreating(true)}>+ {t('create')}</Button>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <EventList
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
            onSelect={setSelectedId}
            canApprove
          />
        </div>
        <aside
          aria-label={t('detailLabel')}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-18 lg:max-h-[calc(100dvh-5.5rem)] lg:overflow-y-auto"
        >
          {selectedId ? (
            <EventDetailPanel
              key={selectedId}
              id={selectedId}
              approval={filters.status === 'approval'}
              onClose={() => {
                const id = selectedId;
                setSelectedId(null);
                // Back to the card that opened it.
                requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-event-id="${id}"]`)?.focus());
              }}
              onDeleted={() => setSelectedId(null)}
            />
          ) : (
            <p className="py-10 text-center text-slate-600">{t('placeholder')}</p>
          )}
        </aside>
      </div>
      <CreateEventDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(event) => {
          setCreating(false);
          setSelectedId(event._id);
        }}
      />
    </div>
  );
}
