import { MY_EVENT_TABS, type MyEventTab } from '@app/shared/my-event-tabs';
import { type KeyboardEvent, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { PAGE_SIZE, Pagination, pageCount, parsePage } from '../../../components/ui/pagination';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { paramsNow, withListChanges } from '../../../lib/list-screen';
import { tabAfterKey } from '../../../lib/tabs';
import { useDuplicateEvent } from '../api/duplicate-event';
import { useMyEvents } from '../api/get-my-events';
import { myEventsMessages } from '../messages';
import { MyEventCard } from './my-event-card';

function readTab(value: string | null): MyEventTab {
  return (MY_EVENT_TABS as readonly string[]).includes(value ?? '') ? (value as MyEventTab) : 'drafts';
}

/**
 * 'Mes évènements' (issue 27 item 1): the account's events by tab with their counts (`?tab=`,
 * `?page=` in the URL), 'Créer un évènement', and per event 'Modifier' and 'Dupliquer'.
 */
export function MyEventsScreen({ editPath }: { editPath?: (id: string) => string }) {
  const t = useT(myEventsMessages);
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const page = parsePage(params.get('page'));
  const list = useMyEvents({ tab, page, limit: PAGE_SIZE });
  const duplicate = useDuplicateEvent();
  const tabRefs = useRef(new Map<MyEventTab, HTMLButtonElement>());

  const choose = (next: MyEventTab) =>
    setParams((rendered) => withListChanges(paramsNow(rendered), { tab: next }, { tab: 'drafts' }));
  const onTabKey = (event: KeyboardEvent) => {
    const next = tabAfterKey(MY_EVENT_TABS, tab, event.key);
    if (!next) return;
    event.preventDefault();
    choose(next);
    tabRefs.current.get(next)?.focus();
  };
  const onDuplicate = (id: string) =>
    duplicate.mutate(id, {
      onSuccess: () => {
        toast.success(t('duplicated'));
        choose('drafts');
      },
      onError: (error) => toast.error(error.message),
    });

  const counts = list.data?.counts;
  const none = counts !== undefined && Object.values(counts).every((count) => count === 0);

  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <Link to={paths.organiser.newEvent} className={buttonClass('primary', 'md')}>
          {t('create')}
        </Link>
      </div>
      <div className="-mx-4 overflow-x-auto px-4 pb-1">
        <div
          role="tablist"
          aria-label={t('tabs')}
          className="flex min-w-max gap-1 border-b border-slate-200"
          onKeyDown={onTabKey}
        >
          {MY_EVENT_TABS.map((id) => {
            const selected = id === tab;
            return (
              <button
                key={id}
                ref={(node) => {
                  if (node) tabRefs.current.set(id, node);
                }}
                type="button"
                role="tab"
                id={`my-events-tab-${id}`}
                aria-selected={selected}
                aria-controls="my-events-panel"
                tabIndex={selected ? 0 : -1}
                onClick={() => choose(id)}
                className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                  selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:text-slate-900'
                }`}
              >
                {t(`tab_${id}`)}
                <span className="ml-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                  {counts ? formatNumber(counts[id]) : '…'}
                </span>
              </button>
            );
          })}
        </div>
      </div>
      <section id="my-events-panel" role="tabpanel" aria-labelledby={`my-events-tab-${tab}`} className="mt-4">
        {list.isPending ? (
          <ListLoading label={t('loading')} rows={3} />
        ) : list.isError ? (
          <ListError title={t('loadError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
        ) : none ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
            <p className="font-semibold text-slate-900">{t('emptyFirst')}</p>
            <p className="mt-1 text-sm text-slate-700">{t('emptyFirstHint')}</p>
            <Link to={paths.organiser.newEvent} className={buttonClass('primary', 'md', 'mt-4')}>
              {t('createFirst')}
            </Link>
          </div>
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700">{t('emptyTab')}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-3" aria-busy={list.isFetching ? 'true' : undefined}>
              {list.data.items.map((event) => (
                <MyEventCard
                  key={event._id}
                  event={event}
                  actions={
                    <>
                      {editPath && event.status !== 'cancelled' ? (
                        <Link
                          to={editPath(event._id)}
                          className={buttonClass('secondary', 'sm')}
                          aria-label={t('editLabel', { title: event.title })}
                        >
                          {t('edit')}
                        </Link>
                      ) : null}
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={duplicate.isPending}
                        onClick={() => onDuplicate(event._id)}
                        aria-label={t('duplicateLabel', { title: event.title })}
                      >
                        {t('duplicate')}
                      </Button>
                    </>
                  }
                />
              ))}
            </ul>
            {list.data.total > PAGE_SIZE ? (
              <Pagination
                page={page}
                count={pageCount(list.data.total)}
                onChange={(next) => setParams((rendered) => withListChanges(paramsNow(rendered), { page: next }))}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
