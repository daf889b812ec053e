import type { AdminCampaignDetail } from '@app/shared/ads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adsReviewKeys } from './keys';

/** `GET /api/admin/campaigns/{id}`: the campaign, its advertiser and its figures per Douala day. */
async function getCampaign(id: string, signal?: AbortSignal): Promise<AdminCampaignDetail> {
  const { campaign } = await apiRequest<{ campaign: AdminCampaignDetail }>(`/admin/campaigns/${encodeURIComponent(id)}`, {
    signal,
  });
  return campaign;
}

export function useCampaign(id: string) {
  return useQuery(queryOptions({ queryKey: adsReviewKeys.detail(id), queryFn: ({ signal }) => getCampaign(id, signal) }));
}
