import type { TransactionDetail } from '@app/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** `GET /api/admin/transactions/{id}`: the payment, its timeline and its account. */
function getTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetail> {
  return apiRequest<TransactionDetail>(`/admin/transactions/${encodeURIComponent(id)}`, { signal });
}

export function useTransaction(id: string) {
  return useQuery(queryOptions({ queryKey: transactionKeys.detail(id), queryFn: ({ signal }) => getTransaction(id, signal) }));
}
