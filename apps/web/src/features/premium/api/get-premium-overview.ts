import type { PremiumOverview } from '@app/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** `GET /api/payments/premium`: the plans at the server's prices, the credit, where the account stands. */
export function getPremiumOverview(signal?: AbortSignal): Promise<PremiumOverview> {
  return apiRequest<PremiumOverview>('/payments/premium', { signal });
}

export const premiumOverviewQueryOptions = queryOptions({
  queryKey: premiumKeys.overview,
  queryFn: ({ signal }) => getPremiumOverview(signal),
});

export function usePremiumOverview() {
  return useQuery(premiumOverviewQueryOptions);
}
