import { EVENT_CATEGORIES, EVENT_DATE_FILTERS, EVENT_STATUSES } from '@app/shared/events';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { eventsMessages } from '../messages';
import { CreateEventDialog } from './create-event-dialog';
import { EventDetailPanel } from './event-detail';
import { EventList } from './event-list';

/** The status filter's values: 'approval' is the 'À approuver' queue (`?status=approval`). */
const STATUS_FILTERS = ['all', ...EVENT_STATUSES, 'approval'] as const;

/**
 * 'Gestion des Événements': the list on two thirds, the detail on one third (stacked on
 * small screens). The search, filters, page and open event are in the URL, so a reload keeps them.
 * `?create=1` (the top bar's button) opens the creation dialog.
 */
export function EventsScreen() {
  const t = useT(eventsMessages);
  const [params, setParams] = useSearchParams();
  const list = useListScreen({
    filters: { status: STATUS_FILTERS, category: ['all', ...EVENT_CATEGORIES] as const, date: EVENT_DATE_FILTERS },
    rowAttribute: 'data-event-id',
    searchId: 'event-search',
  });
  const { selectedId, select, filters } = list;
  const [creating, setCreating] = useState(false);

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
            search={list.search}
            onSearch={list.setSearch}
            query={list.query}
            filters={filters}
            onFilters={list.setFilters}
            page={list.page}
            onPage={list.setPage}
            selectedId={selectedId}
            onSelect={select}
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
              // Back to the card that opened it.
              onClose={list.back}
              onDeleted={() => select(null)}
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
          select(event._id);
        }}
      />
    </div>
  );
}
