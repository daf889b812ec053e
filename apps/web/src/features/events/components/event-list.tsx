import { EVENT_CATEGORIES, EVENT_STATUSES, type EventCategory, type EventDateFilter, type EventStatus } from '@app/shared/events';
import { Alert } from '../../../components/ui/alert';
import { PAGE_SIZE, Pagination, pageCount, pagesCapped } from '../../../components/ui/pagination';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useChangeEventStatus } from '../api/change-event-status';
import { useEvents } from '../api/get-events';
import { eventsMessages } from '../messages';
import { EventCard } from './event-card';
import { FilterSelect, type FilterOption } from '../../../components/ui/form/filter-select';
import { SearchField } from '../../../components/ui/form/search-field';
import { useCategoryLabel } from './form-controls';

export interface EventFilters {
  /** 'approval': the 'À approuver' queue (drafts waiting for an event manager, issue 25 item 11). */
  status: EventStatus | 'all' | 'approval';
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
  /** manage_events: the status filter offers 'À approuver'. */
  canApprove: boolean;
}

const DATE_OPTIONS: { value: EventDateFilter; key: 'dateAll' | 'dateUpcoming' | 'datePast' | 'dateToday' }[] = [
  { value: 'all', key: 'dateAll' },
  { value: 'upcoming', key: 'dateUpcoming' },
  { value: 'past', key: 'datePast' },
  { value: 'today', key: 'dateToday' },
];

export function EventList(props: EventListProps) {
  const t = useT(eventsMessages);
  const categoryLabel = useCategoryLabel();
  const { status, ...otherFilters } = props.filters;
  const list = useEvents({
    q: props.query,
    ...otherFilters,
    ...(status === 'approval' ? { status: 'all', approval: 'pending' } : { status }),
    page: props.page,
    limit: PAGE_SIZE,
  });
  const publish = useChangeEventStatus();
  const pages = pageCount(list.data?.total ?? 0, PAGE_SIZE);
  const setFilter = <K extends keyof EventFilters>(key: K, value: EventFilters[K]) =>
    props.onFilters({ ...props.filters, [key]: value });
  const filterFields: { key: keyof EventFilters; label: string; options: FilterOption[] }[] = [
    {
      key: 'status',
      label: t('filterStatus'),
      options: [
        { value: 'all', label: t('allStatuses') },
        ...EVENT_STATUSES.map((status) => ({ value: status, label: t(`status_${status}`) })),
        ...(props.canApprove ? [{ value: 'approval', label: t('toApprove') }] : []),
      ],
    },
    {
      key: 'category',
      label: t('filterCategory'),
      options: [
        { value: 'all', label: t('allCategories') },
        ...EVENT_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) })),
      ],
    },
    {
      key: 'date',
      label: t('filterDate'),
      options: DATE_OPTIONS.map((option) => ({ value: option.value, label: t(option.key) })),
    },
  ];

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
        <SearchField
          id="event-search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={props.search}
          onChange={props.onSearch}
          className="sm:col-span-3"
        />
        {filterFields.map((filter) => (
          <FilterSelect
            key={filter.key}
            id={`event-filter-${filter.key}`}
            label={filter.label}
            value={props.filters[filter.key]}
            options={filter.options}
            onChange={(value) => setFilter(filter.key, value as EventFilters[typeof filter.key])}
          />
        ))}
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
          {pages > 1 ? (
            <Pagination
              page={props.page}
              count={pages}
              capped={pagesCapped(list.data?.total ?? 0, PAGE_SIZE)}
              onChange={props.onPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
