import { OPERATORS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@app/shared/payments';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListDetailLayout } from '../../../components/ui/list-detail-layout';
import { Screen } from '../../../components/ui/screen';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { exportTransactions } from '../api/export-transactions';
import type { TransactionFilters } from '../api/get-transactions';
import { PERIODS, periodRange } from '../lib/period';
import { transactionsMessages } from '../messages';
import { TransactionDetailPanel } from './transaction-detail';
import { TransactionList } from './transaction-list';

/**
 * 'Transactions': the payments (search, status, operator, plan and period filters, the totals of
 * what they select) and the selected payment, side by side from 1024 px, one at a time below, like
 * the partners screen; the CSV export of the filtered list. All of it in the URL.
 */
export function TransactionsScreen() {
  const t = useT(transactionsMessages);
  const list = useListScreen({
    filters: {
      status: ['all', ...PAYMENT_STATUSES] as const,
      operator: ['all', ...OPERATORS] as const,
      plan: ['all', ...PAYMENT_PURPOSES] as const,
      period: PERIODS,
    },
    rowAttribute: 'data-transaction-id',
    searchId: 'transaction-search',
  });
  const { selectedId, select } = list;
  const [exporting, setExporting] = useState(false);
  const { status, operator, plan, period } = list.filters;
  const filters: TransactionFilters = { search: list.query, status, operator, plan, ...periodRange(period) };

  const onExport = async () => {
    setExporting(true);
    try {
      await exportTransactions(filters);
    } catch (error) {
      toast.error(`${t('exportError')} : ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Screen
      title={t('title')}
      subtitle={t('subtitle')}
      action={
        <Button variant="secondary" onClick={onExport} disabled={exporting}>
          {exporting ? t('exporting') : t('export')}
        </Button>
      }
    >
      <ListDetailLayout
        prompt={t('selectPrompt')}
        detail={selectedId ? <TransactionDetailPanel key={selectedId} id={selectedId} onBack={list.back} /> : null}
        list={
          <TransactionList
            search={list.search}
            onSearch={list.setSearch}
            filters={filters}
            choices={list.filters}
            onChoices={list.setFilters}
            page={list.page}
            onPage={list.setPage}
            selectedId={selectedId}
            onSelect={select}
          />
        }
      />
    </Screen>
  );
}
