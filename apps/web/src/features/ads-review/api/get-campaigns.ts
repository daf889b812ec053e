import type { AdminCampaignsPage, AdPlacement, CampaignPhase } from '@app/shared/ads';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { apiRequest } from '../../../lib/api-client';
import { adsReviewKeys } from './keys';

/** The list's filters as the API reads them (`from`/`to`: Douala days, inclusive). */
export interface CampaignFilters {
  phase: 'all' | CampaignPhase;
  placement: 'all' | AdPlacement;
  city: string;
  from: string | null;
  to: string | null;
}

/** The query string of the list: 'all' and empty filters left out. */
export function campaignsQuery(filters: CampaignFilters, page: number): Record<string, string | number> {
  const query: Record<string, string | number> = { page, limit: PAGE_SIZE };
  if (filters.phase !== 'all') query.phase = filters.phase;
  if (filters.placement !== 'all') query.placement = filters.placement;
  if (filters.city !== 'all') query.city = filters.city;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

/** `GET /api/admin/campaigns`: filtered and paged by the server, newest first. */
function getCampaigns(filters: CampaignFilters, page: number, signal?: AbortSignal): Promise<AdminCampaignsPage> {
  return apiRequest<AdminCampaignsPage>('/admin/campaigns', { query: campaignsQuery(filters, page), signal });
}

export function useCampaigns(filters: CampaignFilters, page: number) {
  return useQuery(
    queryOptions({
      queryKey: adsReviewKeys.list({ ...filters, page }),
      queryFn: ({ signal }) => getCampaigns(filters, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
