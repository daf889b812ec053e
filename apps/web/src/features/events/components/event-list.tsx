import { EVENT_STATUSES, type EventCategory, type EventDateFilter, type EventStatus } from '@app/shared/events';
import { Alert } from '../../../components/ui/alert';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useChangeEventStatus } from '../api/change-event-status';
import { useEvents } from '../api/get-events';
import { eventsMessages } from '../messages';
import { EventCard } from './event-card';
import { inputClass } from '../../../components/ui/form/input-style';
import { CategoryOptions } from './form-controls';

const EVENTS_PAGE_SIZE = 10;

export interface EventFilters {
  status: EventStatus | 'all';
  category: EventCategory | 'all';
  date: EventDateFilter;
}

interface EventListProps {
  search: string;
  onSearch: (value: string) => void;
  /** The debounced search sent to the server. */
  query: string;
  filters: EventFilters;
  onFilters: (filters: EventFilters) => void;
  page: number;
  onPage: (page: number) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

const DATE_OPTIONS: { value: EventDateFilter; key: 'dateAll' | 'dateUpcoming' | 'datePast' | 'dateToday' }[] = [
  { value: 'all', key: 'dateAll' },
  { value: 'upcoming', key: 'dateUpcoming' },
  { value: 'past', key: 'datePast' },
  { value: 'today', key: 'dateToday' },
];

export function EventList(props: EventListProps) {
  const t = useT(eventsMessages);
  const list = useEvents({ q: props.query, ...props.filters, page: props.page, limit: EVENTS_PAGE_SIZE });
  const publish = useChangeEventStatus();
  const pages = pageCount(list.data?.total ?? 0, EVENTS_PAGE_SIZE);
  const setFilter = <K extends keyof EventFilters>(key: K, value: EventFilters[K]) =>
    props.onFilters({ ...props.filters, [key]: value });

  const onPublish = (id: string) =>
    publish.mutate(
      { id, action: 'publish' },
      {
        onSuccess: () => toast.success(t('published')),
        onError: (error) => toast.error(`${t('statusError')} : ${error.message}`),
      },
    );

  return (
    <section aria-labelledby="event-list-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="event-list-title" className="sr-only">
        {t('listLabel')}
      </h2>
      <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-3">
        <div className="sm:col-span-3">
          <label htmlFor="event-search" className="mb-1 block text-sm font-medium text-slate-700">
            {t('search')}
          </label>
          <input
            id="event-search"
            type="search"
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="event-filter-status" className="mb-1 block text-sm font-medium text-slate-700">
            {t('filterStatus')}
          </label>
          <select
            id="event-filter-status"
            value={props.filters.status}
            onChange={(event) => setFilter('status', event.target.value as EventFilters['status'])}
            className={inputClass}
          >
            <option value="all">{t('allStatuses')}</option>
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status_${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="event-filter-category" className="mb-1 block text-sm font-medium text-slate-700">
            {t('filterCategory')}
          </label>
          <select
            id="event-filter-category"
            value={props.filters.category}
            onChange={(event) => setFilter('category', event.target.value as EventFilters['category'])}
            className={inputClass}
          >
            <option value="all">{t('allCategories')}</option>
            <CategoryOptions />
          </select>
        </div>
        <div>
          <label htmlFor="event-filter-date" className="mb-1 block text-sm font-medium text-slate-700">
            {t('filterDate')}
          </label>
          <select
            id="event-filter-date"
            value={props.filters.date}
            onChange={(event) => setFilter('date', event.target.value as EventDateFilter)}
            className={inputClass}
          >
            {DATE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.key)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <SkeletonRows rows={5} className="rounded-xl border border-slate-200 bg-white p-4" />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('results', { count: formatNumber(list.data.total) })}
          </p>
          {list.data.items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
              {t('empty')}
            </p>
          ) : (
            <ul
              className={`grid gap-3 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={list.isFetching}
            >
              {list.data.items.map((event) => (
                <li key={event._id}>
                  <EventCard
                    event={event}
                    selected={event._id === props.selectedId}
                    onSelect={props.onSelect}
                    onPublish={onPublish}
                    publishing={publish.isPending && publish.variables?.id === event._id}
                  />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? <Pagination page={props.page} count={pages} onChange={props.onPage} /> : null}
        </>
      )}
    </section>
  );
}
