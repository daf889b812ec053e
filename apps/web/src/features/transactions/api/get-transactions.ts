import type { Operator, PaymentPurpose, PaymentStatus, TransactionsPage } from '@app/shared/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** The list's filters as the API reads them (`from`/`to`: Douala days, inclusive). */
export interface TransactionFilters {
  search: string;
  status: 'all' | PaymentStatus;
  operator: 'all' | Operator;
  plan: 'all' | PaymentPurpose;
  from: string | null;
  to: string | null;
}

/** The query string of the list and of the CSV export: empty filters left out. */
export function transactionsQuery(filters: TransactionFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.status !== 'all') query.status = filters.status;
  if (filters.operator !== 'all') query.operator = filters.operator;
  if (filters.plan !== 'all') query.plan = filters.plan;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

/** `GET /api/admin/transactions`: searched, filtered and paged by the server, newest first, with the totals. */
function getTransactions(filters: TransactionFilters, page: number, signal?: AbortSignal): Promise<TransactionsPage> {
  return apiRequest<TransactionsPage>('/admin/transactions', { query: { ...transactionsQuery(filters), page }, signal });
}

export function useTransactions(filters: TransactionFilters, page: number) {
  return useQuery(
    queryOptions({
      queryKey: transactionKeys.list({ ...filters, page }),
      queryFn: ({ signal }) => getTransactions(filters, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
