import type { RewardGrantPage } from '@app/shared/referrals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './keys';

/** `GET /api/referral/admin/rewards?page={n}&limit=10`. */
export function getRewardGrants(page: number, signal?: AbortSignal): Promise<RewardGrantPage> {
  return apiRequest<RewardGrantPage>('/referral/admin/rewards', { query: { page, limit: PAGE_SIZE }, signal });
}

function rewardGrantsQueryOptions(page: number) {
  return queryOptions({
    queryKey: referralKeys.rewards(page),
    queryFn: ({ signal }) => getRewardGrants(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRewardGrants(page: number) {
  return useQuery(rewardGrantsQueryOptions(page));
}
