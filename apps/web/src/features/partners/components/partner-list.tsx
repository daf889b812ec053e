import type { PartnerSummary } from '@app/shared/partners';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { ListRowButton, SelectableList } from '../../../components/ui/selectable-list';
import { useT } from '../../../lib/i18n';
import { type PartnerListParams, usePartners } from '../api/get-partners';
import { partnersMessages } from '../messages';
import { PartnerLogo, PartnerStatusBadge, useTypeLabel, VerifiedBadge } from './partner-badges';
import { type FilterField, FilterSelects } from '../../../components/ui/form/filter-select';

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
  const filtered =
    props.query !== '' || props.filters.status !== 'all' || props.filters.type !== 'all' || props.filters.verification !== 'all';
  const filterFields: FilterField<PartnerFilters>[] = [
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
    <SelectableList
      name="partner"
      t={t}
      search={props.search}
      onSearch={props.onSearch}
      filters={
        <FilterSelects
          idPrefix="partner"
          className="grid grid-cols-1 gap-2 sm:grid-cols-3"
          fields={filterFields}
          values={props.filters}
          onChange={(change) => props.onFilters({ ...props.filters, ...change })}
        />
      }
      query={list}
      loadingRows={4}
      empty={filtered ? t('emptySearch') : t('emptyAll')}
      rowKey={(partner) => partner._id}
      row={(partner) => (
        <PartnerRow
          partner={partner}
          typeLabel={typeLabel(partner.type)}
          selected={partner._id === props.selectedId}
          onSelect={props.onSelect}
        />
      )}
      page={props.page}
      onPage={props.onPage}
    />
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
    <ListRowButton selected={selected} onSelect={() => onSelect(partner._id)} data-partner-id={partner._id}>
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
    </ListRowButton>
  );
}
