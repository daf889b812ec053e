import type { LeaderboardPage } from '@app/shared/referrals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './keys';

/** `GET /api/referral/leaderboard?page={n}&limit=10`. */
export function getLeaderboard(page: number, signal?: AbortSignal): Promise<LeaderboardPage> {
  return apiRequest<LeaderboardPage>('/referral/leaderboard', { query: { page, limit: PAGE_SIZE }, signal });
}

function leaderboardQueryOptions(page: number) {
  return queryOptions({
    queryKey: referralKeys.leaderboard(page),
    queryFn: ({ signal }) => getLeaderboard(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboard(page: number) {
  return useQuery(leaderboardQueryOptions(page));
}
