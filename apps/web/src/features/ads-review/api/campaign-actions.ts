import type { AdminCampaignDetail } from '@app/shared/ads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adsReviewKeys } from './keys';

export type CampaignAction = 'approve' | 'refuse' | 'suspend' | 'resume';

interface ActionResponse {
  message?: string;
  campaign: AdminCampaignDetail;
}

/**
 * `POST /api/admin/campaigns/{id}/{approve|refuse|suspend|resume}` (refuse and suspend with the
 * reason). The detail takes the answer at once; the list and the detail reload.
 */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: CampaignAction; reason?: string }) =>
      apiRequest<ActionResponse>(`/admin/campaigns/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: reason === undefined ? undefined : { reason },
      }),
    onSuccess: (data, { id }) => queryClient.setQueryData(adsReviewKeys.detail(id), data.campaign),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adsReviewKeys.all }),
  });
}
