import type { ListBusinessPagesResponse } from '@app/shared/business-pages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../components/ui/pagination';

export const businessPageKeys = {
  all: ['business-pages'] as const,
  page: (page: number, q: string) => ['business-pages', 'page', page, q] as const,
};

/**
 * `GET /api/business-event-pages?page={n}&limit=10&q=…`: `{ items, total }`, newest
 * first; `q` finds a name, an owner (a phone in any written form) or a partner (decision 030).
 */
function getBusinessPages(page: number, q: string, signal?: AbortSignal): Promise<ListBusinessPagesResponse> {
  return apiRequest<ListBusinessPagesResponse>('/business-event-pages', {
    query: { page, limit: PAGE_SIZE, ...(q ? { q } : {}) },
    signal,
  });
}

const businessPagesQueryOptions = (page: number, q: string) =>
  queryOptions({
    queryKey: businessPageKeys.page(page, q),
    queryFn: ({ signal }) => getBusinessPages(page, q, signal),
    placeholderData: keepPreviousData,
  });

export function useBusinessPages(page: number, q: string) {
  return useQuery(businessPagesQueryOptions(page, q));
}
