import type { WaitlistPage, WaitlistStatus } from '@app/shared/waitlist';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { waitlistKeys } from './keys';

export interface WaitlistFilters {
  page: number;
  limit: number;
  search: string;
  status: 'all' | WaitlistStatus;
}

/** `GET /api/admin/waitlist`: one page, searched and filtered by the database. */
function getWaitlist(filters: WaitlistFilters, signal?: AbortSignal): Promise<WaitlistPage> {
  return apiRequest<WaitlistPage>('/admin/waitlist', {
    query: { page: filters.page, limit: filters.limit, search: filters.search.trim(), status: filters.status },
    signal,
  });
}

function waitlistQueryOptions(filters: WaitlistFilters) {
  return queryOptions({
    queryKey: waitlistKeys.page(filters),
    queryFn: ({ signal }) => getWaitlist(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWaitlist(filters: WaitlistFilters) {
  return useQuery(waitlistQueryOptions(filters));
}
