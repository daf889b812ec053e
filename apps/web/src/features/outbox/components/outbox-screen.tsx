import { OUTBOX_CHANNELS, type FailedMessage, type OutboxChannel } from '@app/shared/outbox';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchField } from '../../../components/ui/form/search-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { PAGE_SIZE, Pagination, pageCount, pagesCapped } from '../../../components/ui/pagination';
import { Screen } from '../../../components/ui/screen';
import { toast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useFailedMessages } from '../api/get-failed-messages';
import { useOutboxSummary } from '../api/get-outbox-summary';
import { useOutboxAction } from '../api/outbox-actions';
import { outboxMessages } from '../messages';
import { FailedMessageRow, recipientName } from './failed-message-row';

const CHANNEL_FILTERS = ['all', ...OUTBOX_CHANNELS] as const;
const SEARCH_ID = 'outbox-search';

/** Where the focus goes once a row it was on has left the list: the next row, else the search box. */
type PendingFocus = { id: string } | 'search' | null;

/**
 * 'Messagerie' › 'Envois en échec' (`manage_chats`, decision 066): the outbox's summary, then its
 * dead letters, 10 a page, the latest failure first, searched by recipient and filtered by channel
 * (all in the URL); 'Renvoyer' puts one back in the queue (it leaves the list), 'Supprimer' asks
 * first, 'Tout renvoyer' sends again every one shown by the filter. `nav`: the tabs of 'Messagerie'.
 */
export function OutboxScreen({ nav }: { nav?: ReactNode }) {
  const t = useT(outboxMessages);
  const screen = useListScreen({ filters: { channel: CHANNEL_FILTERS }, searchId: SEARCH_ID });
  const channel = screen.filters.channel;
  const list = useFailedMessages({ channel, search: screen.query, page: screen.page });
  const summary = useOutboxSummary();
  const action = useOutboxAction();
  const [toDelete, setToDelete] = useState<FailedMessage | null>(null);
  const [askRetryAll, setAskRetryAll] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [pendingFocus, setPendingFocus] = useState<PendingFocus>(null);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const count = pageCount(total, PAGE_SIZE);
  // After an action the last page may be gone: step back to the new last page.
  useEffect(() => {
    if (list.data && !list.isFetching && screen.page > count) screen.setPage(count, { replace: true });
  }, [list.data, list.isFetching, screen.page, count, screen.setPage]);

  // Once the list is read again after an action, the focus goes to the next row (or the search box).
  useEffect(() => {
    if (!pendingFocus || list.isFetching) return;
    const target =
      pendingFocus === 'search'
        ? document.getElementById(SEARCH_ID)
        : document.querySelector<HTMLElement>(`[data-outbox-id="${pendingFocus.id}"] button:not(:disabled)`);
    (target ?? document.getElementById(SEARCH_ID))?.focus();
    setPendingFocus(null);
  }, [pendingFocus, list.isFetching]);

  const neighbourOf = (message: FailedMessage): PendingFocus => {
    const index = items.findIndex((item) => item._id === message._id);
    const next = items[index + 1] ?? items[index - 1];
    return next ? { id: next._id } : 'search';
  };

  const retry = (message: FailedMessage) => {
    setActionError(null);
    action.mutate(
      { kind: 'retry', id: message._id },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setPendingFocus(neighbourOf(message));
        },
        onError: (error) => setActionError(error.message),
      },
    );
  };

  const confirmDelete = () => {
    const message = toDelete;
    if (!message) return;
    action.mutate(
      { kind: 'delete', id: message._id },
      {
        onSuccess: (answer) => {
          setToDelete(null);
          toast.success(answer.message);
          setPendingFocus(neighbourOf(message));
        },
      },
    );
  };

  const confirmRetryAll = () => {
    action.mutate(
      { kind: 'retry-all', channel: channel === 'all' ? undefined : channel },
      {
        onSuccess: (answer) => {
          setAskRetryAll(false);
          toast.success(answer.message);
          setPendingFocus('search');
        },
      },
    );
  };

  let body: ReactNode;
  if (list.isPending) body = <ListLoading label={t('loading')} rows={4} />;
  else if (list.isError)
    body = (
      <ListError title={t('listError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
    );
  else if (items.length === 0)
    body =
      screen.query || channel !== 'all' ? (
        <ListEmpty title={t('emptySearch')} />
      ) : (
        <ListEmpty title={t('empty')} hint={t('emptyHint')} />
      );
  else
    body = (
      <ul className={`space-y-3 ${list.isFetching ? 'opacity-70' : ''}`} aria-label={t('list')} aria-busy={list.isFetching}>
        {items.map((message) => (
          <li key={message._id}>
            <FailedMessageRow
              message={message}
              busy={action.isPending && !!action.variables && 'id' in action.variables && action.variables.id === message._id}
              onRetry={() => retry(message)}
              onAskDelete={() => {
                action.reset();
                setToDelete(message);
              }}
            />
          </li>
        ))}
      </ul>
    );

  const failedTotal = summary.data?.failed ?? 0;
  return (
    <Screen title={t('title')} subtitle={t('subtitle')}>
      {nav}
      <section aria-label={t('summary')}>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <SummaryTile label={t('failed')} value={summary.data?.failed} alert={failedTotal > 0} />
          <SummaryTile label={t('pending')} value={summary.data?.pending} />
          <SummaryTile label={t('retrying')} value={summary.data?.retrying} />
        </dl>
      </section>
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchField
          id={SEARCH_ID}
          className="md:flex-1"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={screen.search}
          onChange={screen.setSearch}
        />
        <fieldset className="grid grid-cols-4 gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('channels')}</legend>
          {CHANNEL_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === channel}
              onClick={() => screen.setFilters({ channel: value })}
              className={`min-h-10 rounded-lg px-3 py-1.5 text-center text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                value === channel
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              {t(`channel.${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {actionError ? <Alert>{actionError}</Alert> : null}
      {list.data && total > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('count', { count: formatNumber(total) })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              action.reset();
              setAskRetryAll(true);
            }}
          >
            {t('retryAll')}
          </Button>
        </div>
      ) : null}
      {body}
      {list.data && total > PAGE_SIZE ? (
        <Pagination
          page={Math.min(screen.page, count)}
          count={count}
          capped={pagesCapped(total, PAGE_SIZE)}
          onChange={screen.setPage}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle')}
        message={toDelete ? t('deleteConfirm', { name: recipientName(toDelete, t('deviceGone')) }) : ''}
        confirmLabel={t('delete')}
        pending={action.isPending}
        error={action.isError ? action.error.message : null}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={askRetryAll}
        tone="primary"
        title={t('retryAllTitle')}
        message={
          channel === 'all'
            ? t('retryAllConfirm', { count: formatNumber(total) })
            : t('retryAllChannelConfirm', { channel: t(`channel.${channel as OutboxChannel}`), count: formatNumber(total) })
        }
        confirmLabel={t('retryAll')}
        pending={action.isPending}
        error={action.isError ? action.error.message : null}
        onCancel={() => setAskRetryAll(false)}
        onConfirm={confirmRetryAll}
      />
    </Screen>
  );
}

function SummaryTile({ label, value, alert = false }: { label: string; value: number | undefined; alert?: boolean }) {
  return (
    <div className={`rounded-lg border p-3 ${alert ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'}`}>
      <dt className={`text-xs font-medium sm:text-sm ${alert ? 'text-red-800' : 'text-slate-600'}`}>{label}</dt>
      <dd className={`mt-1 text-xl font-bold sm:text-2xl ${alert ? 'text-red-800' : 'text-slate-900'}`}>
        {value === undefined ? '—' : formatNumber(value)}
      </dd>
    </div>
  );
}
