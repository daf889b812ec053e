import type { RewardRulePage } from '@app/shared/referrals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './keys';

/** `GET /api/referral/reward-rules?page={n}&limit=10`. */
export function getRewardRules(page: number, signal?: AbortSignal): Promise<RewardRulePage> {
  return apiRequest<RewardRulePage>('/referral/reward-rules', { query: { page, limit: PAGE_SIZE }, signal });
}

function rewardRulesQueryOptions(page: number) {
  return queryOptions({
    queryKey: referralKeys.rules(page),
    queryFn: ({ signal }) => getRewardRules(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRewardRules(page: number) {
  return useQuery(rewardRulesQueryOptions(page));
}
