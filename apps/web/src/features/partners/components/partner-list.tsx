import type { PartnerSummary } from '@app/shared/partners';
import { PAGE_SIZE, Pagination, pageCount } from '../../../components/ui/pagination';
import { useT } from '../../../lib/i18n';
import { type PartnerListParams, usePartners } from '../api/get-partners';
import { partnersMessages } from '../messages';
import { PartnerLogo, PartnerStatusBadge, useTypeLabel, VerifiedBadge } from './partner-badges';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { FilterSelect, type FilterOption } from '../../../components/ui/form/filter-select';
import { SearchField } from '../../../components/ui/form/search-field';

export type PartnerFilters = Pick<PartnerListParams, 'status' | 'type' | 'verification'>;

interface PartnerListProps {
  search: string;
  onSearch: (value: string) => void;
  /** The debounced search sent to the server. */
  query: string;
  filters: PartnerFilters;
  onFilters: (filters: PartnerFilters) => void;
  page: number;
  onPage: (page: number) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Search, the three filters and the list (logo, name, type, verified and status badges). */
export function PartnerList(props: PartnerListProps) {
  const t = useT(partnersMessages);
  const typeLabel = useTypeLabel();
  const list = usePartners({ q: props.query, ...props.filters, page: props.page, limit: PAGE_SIZE });
  const pages = pageCount(list.data?.total ?? 0, PAGE_SIZE);
  const filtered =
    props.query !== '' || props.filters.status !== 'all' || props.filters.type !== 'all' || props.filters.verification !== 'all';
  const set = <K extends keyof PartnerFilters>(key: K, value: PartnerFilters[K]) =>
    props.onFilters({ ...props.filters, [key]: value });
  const filterFields: { key: keyof PartnerFilters; label: string; options: FilterOption[] }[] = [
    {
      key: 'status',
      label: t('filterStatus'),
      options: [
        { value: 'all', label: t('allStatuses') },
        { value: 'active', label: t('statusActive') },
        { value: 'pending', label: t('statusPending') },
        { value: 'blocked', label: t('statusBlocked') },
      ],
    },
    {
      key: 'type',
      label: t('filterType'),
      options: [
        { value: 'all', label: t('allTypes') },
        { value: 'business', label: t('typeBusiness') },
        { value: 'association', label: t('typeAssociation') },
        { value: 'individual', label: t('typeIndividual') },
      ],
    },
    {
      key: 'verification',
      label: t('filterVerification'),
      options: [
        { value: 'all', label: t('allVerification') },
        { value: 'verified', label: t('verifiedFilter') },
        { value: 'unverified', label: t('unverifiedFilter') },
      ],
    },
  ];

  return (
    <section aria-labelledby="partner-list-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="partner-list-title" className="sr-only">
        {t('title')}
      </h2>
      <SearchField
        id="partner-search"
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={props.search}
        onChange={props.onSearch}
      />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {filterFields.map((filter) => (
          <FilterSelect
            key={filter.key}
            id={`partner-${filter.key}`}
            label={filter.label}
            value={props.filters[filter.key]}
            options={filter.options}
            onChange={(value) => set(filter.key, value as PartnerFilters[typeof filter.key])}
            labelClassName="mb-1 block text-xs font-medium text-slate-600"
          />
        ))}
      </div>

      {list.isPending ? (
        <ListLoading label={t('loading')} rows={4} />
      ) : list.isError ? (
        <ListError title={t('listError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          {filtered ? t('emptySearch') : t('emptyAll')}
        </p>
      ) : (
        <ul
          className={`divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white ${list.isFetching ? 'opacity-70' : ''}`}
          aria-busy={list.isFetching}
        >
          {list.data.items.map((partner) => (
            <li key={partner._id}>
              <PartnerRow
                partner={partner}
                typeLabel={typeLabel(partner.type)}
                selected={partner._id === props.selectedId}
                onSelect={props.onSelect}
              />
            </li>
          ))}
        </ul>
      )}

      {list.data && list.data.total > PAGE_SIZE && <Pagination page={props.page} count={pages} onChange={props.onPage} />}
    </section>
  );
}

function PartnerRow({
  partner,
  typeLabel,
  selected,
  onSelect,
}: {
  partner: PartnerSummary;
  typeLabel: string;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onSelect(partner._id)}
      aria-current={selected ? 'true' : undefined}
      data-partner-id={partner._id}
      className={`flex w-full items-center gap-3 px-3 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
        selected ? 'bg-brand-50' : 'hover:bg-slate-50'
      }`}
    >
      <PartnerLogo name={partner.name} logo={partner.logo} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{partner.name}</span>
        <span className="block truncate text-sm text-slate-500">
          {typeLabel} · {partner.email}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <PartnerStatusBadge status={partner.status} />
        {partner.isVerified && <VerifiedBadge />}
      </span>
    </button>
  );
}
