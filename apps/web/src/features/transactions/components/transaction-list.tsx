import {
  formatFcfa,
  OPERATOR_LABELS,
  OPERATORS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type Transaction,
} from '@app/shared/payments';
import { type FilterField, FilterSelects } from '../../../components/ui/form/filter-select';
import { ListRowButton, SelectableList } from '../../../components/ui/selectable-list';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { type TransactionFilters, useTransactions } from '../api/get-transactions';
import { PERIODS, type Period } from '../lib/period';
import { transactionsMessages } from '../messages';
import { PaymentStatusBadge } from './transaction-badges';

export type TransactionListFilters = Pick<TransactionFilters, 'status' | 'operator' | 'plan'> & { period: Period };

interface TransactionListProps {
  search: string;
  onSearch: (value: string) => void;
  /** What the server is asked (the debounced search, the period as Douala days). */
  filters: TransactionFilters;
  choices: TransactionListFilters;
  onChoices: (choices: Partial<TransactionListFilters>) => void;
  page: number;
  onPage: (page: number) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Search, the four filters, the totals of what they select, and the payments newest first. */
export function TransactionList(props: TransactionListProps) {
  const t = useT(transactionsMessages);
  const list = useTransactions(props.filters, props.page);
  const filtered =
    props.filters.search.trim() !== '' ||
    props.choices.status !== 'all' ||
    props.choices.operator !== 'all' ||
    props.choices.plan !== 'all' ||
    props.choices.period !== 'all';
  const filterFields: FilterField<TransactionListFilters>[] = [
    {
      key: 'status',
      label: t('filterStatus'),
      options: [
        { value: 'all', label: t('allStatuses') },
        ...PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      ],
    },
    {
      key: 'operator',
      label: t('filterOperator'),
      options: [
        { value: 'all', label: t('allOperators') },
        ...OPERATORS.map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] })),
      ],
    },
    {
      key: 'plan',
      label: t('filterPlan'),
      options: [
        { value: 'all', label: t('allPlans') },
        ...PAYMENT_PURPOSES.map((plan) => ({ value: plan, label: t(`plan.${plan}`) })),
      ],
    },
    {
      key: 'period',
      label: t('filterPeriod'),
      options: PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) })),
    },
  ];
  const totals = list.data?.totals;

  return (
    <SelectableList
      name="transaction"
      t={t}
      search={props.search}
      onSearch={props.onSearch}
      filters={
        <div className="space-y-2">
          <FilterSelects
            idPrefix="transaction"
            className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2 2xl:grid-cols-4"
            fields={filterFields}
            values={props.choices}
            onChange={props.onChoices}
          />
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="transaction-totals">
            {totals
              ? t('totals', {
                  count: formatNumber(totals.count),
                  paid: formatFcfa(totals.successfulAmount),
                  refunded: formatFcfa(totals.refundedAmount),
                  net: formatFcfa(totals.successfulAmount - totals.refundedAmount),
                })
              : '\u00a0'}
          </p>
        </div>
      }
      query={list}
      loadingRows={5}
      empty={filtered ? t('emptySearch') : t('emptyAll')}
      summary={(total) => <p className="text-xs text-slate-500">{t('total', { count: formatNumber(total) })}</p>}
      rowKey={(transaction) => transaction._id}
      row={(transaction) => (
        <TransactionRow transaction={transaction} selected={transaction._id === props.selectedId} onSelect={props.onSelect} />
      )}
      page={props.page}
      onPage={props.onPage}
    />
  );
}

function TransactionRow({
  transaction,
  selected,
  onSelect,
}: {
  transaction: Transaction;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <ListRowButton
      selected={selected}
      onSelect={() => onSelect(transaction._id)}
      data-transaction-id={transaction._id}
      align="start"
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{transaction.user.name}</span>
        <span className="block truncate font-mono text-xs text-slate-600">{transaction.reference}</span>
        <span className="block truncate text-sm text-slate-600">
          {OPERATOR_LABELS[transaction.operator]} · <span className="whitespace-nowrap">{transaction.phoneMasked}</span>
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-semibold whitespace-nowrap text-slate-900">{formatFcfa(transaction.amount)}</span>
        <PaymentStatusBadge status={transaction.status} />
        <span className="text-xs whitespace-nowrap text-slate-500">
          {formatDate(transaction.createdAt, { dateStyle: 'short', timeStyle: 'short' })}
        </span>
      </span>
    </ListRowButton>
  );
}
