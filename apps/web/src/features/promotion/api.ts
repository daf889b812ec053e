import type { CampaignDetail, CampaignOptions, CampaignsPage, CreateCampaignInput, PayCampaignInput } from '@app/shared/ads';
import type { Payment } from '@app/shared/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../components/ui/pagination';
import { apiRequest } from '../../lib/api-client';
import { paymentKeys } from '../../lib/payments/payment-query';

export const campaignKeys = {
  all: ['campaigns'] as const,
  options: ['campaigns', 'options'] as const,
  list: (page: number) => ['campaigns', 'list', page] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
};

/** `GET /api/campaigns/options`: the prices, today (Douala) and the events the caller may promote. */
export function useCampaignOptions() {
  return useQuery({
    queryKey: campaignKeys.options,
    queryFn: ({ signal }) => apiRequest<CampaignOptions>('/campaigns/options', { signal }),
  });
}

/** `GET /api/campaigns?page&limit`: the caller's campaigns, newest first. */
export function useCampaigns(page: number) {
  return useQuery({
    queryKey: campaignKeys.list(page),
    queryFn: ({ signal }) => apiRequest<CampaignsPage>('/campaigns', { signal, query: { page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/campaigns/:id`: one of the caller's campaigns with its days and its last payment. */
export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<{ campaign: CampaignDetail }>(`/campaigns/${encodeURIComponent(id)}`, { signal }).then(
        (answer) => answer.campaign,
      ),
  });
}

/** `POST /api/campaigns`: 201 with the campaign, unpaid. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignInput) =>
      apiRequest<{ message?: string; campaign: CampaignDetail }>('/campaigns', { method: 'POST', body }),
    retry: false,
    onSuccess: ({ campaign }) => {
      queryClient.setQueryData(campaignKeys.detail(campaign._id), campaign);
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'list'] });
    },
  });
}

/** `POST /api/campaigns/:id/payment`: asks the campaign's price on the paying number; then followed as any payment. */
export function usePayCampaign(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayCampaignInput) =>
      apiRequest<{ message?: string; payment: Payment }>(`/campaigns/${encodeURIComponent(campaignId)}/payment`, {
        method: 'POST',
        body,
      }),
    // Never retried by itself: the person retries, with the same key.
    retry: false,
    onSuccess: ({ payment }) => {
      queryClient.setQueryData(paymentKeys.payment(payment._id), { payment });
    },
  });
}
