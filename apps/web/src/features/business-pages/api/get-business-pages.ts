import type { ListBusinessPagesResponse } from '@app/shared/business-pages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../components/ui/pagination';

export const businessPageKeys = {
  all: ['business-pages'] as const,
  page: (page: number) => ['business-pages', 'page', page] as const,
};

/** `GET /api/business-event-pages?page={n}&limit=10` (spec §7): `{ items, total }`, newest first. */
function getBusinessPages(page: number, signal?: AbortSignal): Promise<ListBusinessPagesResponse> {
  return apiRequest<ListBusinessPagesResponse>('/business-event-pages', { query: { page, limit: PAGE_SIZE }, signal });
}

const businessPagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: businessPageKeys.page(page),
    queryFn: ({ signal }) => getBusinessPages(page, signal),
    placeholderData: keepPreviousData,
  });

export function useBusinessPages(page: number) {
  return useQuery(businessPagesQueryOptions(page));
}
