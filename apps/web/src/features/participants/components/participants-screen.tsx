import type { Participant } from '@app/shared/participants';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchField } from '../../../components/ui/form/search-field';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { EventNotFound } from '../../../components/ui/event-not-found';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatLongDateTime, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useOnline } from '../../../lib/pwa';
import { exportParticipants, useParticipants, useRemoveParticipant } from '../api';
import { participantsMessages } from '../messages';
import { RemovedSection } from './removed-section';
import { PersonRow } from './shared';

const SEARCH_ID = 'participants-search';

/**
 * /mon-compte/evenements/:id/participants (issue 27 item 4, decision 044): the count over the
 * maximum, a search kept in the address (`?q=`, sent once typing pauses), 20 participants a page
 * newest first, 'Retirer' after a confirmation, the CSV export, and the people removed with
 * 'Réautoriser' (decision 058).
 */
export function ParticipantsScreen({ eventId }: { eventId: string }) {
  const t = useT(participantsMessages);
  const online = useOnline();
  const { search, setSearch, query, page, setPage } = useListScreen({ searchId: SEARCH_ID });
  const list = useParticipants(eventId, query, page);
  const remove = useRemoveParticipant(eventId);
  const [removing, setRemoving] = useState<Participant | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const event = list.data?.event;
  const missing = list.error instanceof ApiRequestError && list.error.status === 404;

  useEffect(() => {
    document.title = `${t('title')}${event ? ` · ${event.title}` : ''} · Évènements Cameroun`;
  }, [t, event]);

  const count = list.data ? pageCount(list.data.total, list.data.pageSize) : 1;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.userId, {
      onSuccess: () => {
        toast.success(t('removed', { name: removing.name }));
        setRemoving(null);
      },
    });
  };

  const runExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportParticipants(eventId);
      toast.success(t('exported'));
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <Link to={paths.organiser.event(eventId)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('back')}
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          {event ? <p className="text-slate-700">{event.title}</p> : null}
          {event ? (
            <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="participants-count">
              {t('count', {
                count: formatNumber(event.participantsCount),
                max: event.maxParticipants === null ? t('unlimited') : formatNumber(event.maxParticipants),
              })}
            </p>
          ) : null}
        </div>
        {event ? (
          <Button variant="secondary" onClick={() => void runExport()} disabled={exporting || !online}>
            {exporting ? t('exporting') : t('exportCsv')}
          </Button>
        ) : null}
      </header>
      {!online ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('offline')}
        </p>
      ) : null}
      {exportError ? <Alert>{exportError}</Alert> : null}
      {missing ? null : (
        <SearchField
          id={SEARCH_ID}
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      )}
      {list.isPending ? (
        <ListLoading label={t('loading')} rows={5} />
      ) : missing ? (
        <EventNotFound title={t('notFound')} hint={t('notFoundHint')} linkLabel={t('myEvents')} />
      ) : list.isError ? (
        <ListError
          title={t('loadError')}
          message={list.error.message}
          retryLabel={t('retry')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
          {query ? (
            <p className="text-slate-700">{t('noMatch', { q: query })}</p>
          ) : (
            <>
              <p className="text-slate-700">{t('empty')}</p>
              <p className="mt-1 text-sm text-slate-600">{t('emptyHint')}</p>
            </>
          )}
        </div>
      ) : (
        <>
          <ul
            aria-label={t('listLabel')}
            aria-busy={list.isPlaceholderData}
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
          >
            {list.data.items.map((item) => (
              <PersonRow
                key={item.userId}
                person={item}
                when={t('joinedAt', { date: formatLongDateTime(item.joinedAt) })}
                action={t('remove')}
                actionLabel={t('removeLabel', { name: item.name })}
                disabled={!online}
                onAction={() => {
                  remove.reset();
                  setRemoving(item);
                }}
                marker={{ 'data-participant': item.userId }}
                before={
                  <Link
                    to={paths.newMessage(eventId, item.userId)}
                    className={buttonClass('secondary', 'sm')}
                    aria-label={t('writeLabel', { name: item.name })}
                  >
                    {t('write')}
                  </Link>
                }
              />
            ))}
          </ul>
          {count > 1 || page > 1 ? <Pagination page={page} count={count} onChange={setPage} label={t('pagination')} /> : null}
        </>
      )}
      {event && !missing ? <RemovedSection eventId={eventId} eventTitle={event.title} online={online} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('removeTitle')}
        message={removing && event ? t('removeConfirm', { name: removing.name, title: event.title }) : ''}
        confirmLabel={t('remove')}
        tone="danger"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={confirmRemove}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </div>
  );
}
