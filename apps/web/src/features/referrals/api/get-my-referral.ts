import type { MyReferral } from '@app/shared/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './keys';

/** `GET /api/referral/me`: the account, its referral link and figures, its rewards. */
export function getMyReferral(signal?: AbortSignal): Promise<MyReferral> {
  return apiRequest<MyReferral>('/referral/me', { signal });
}

const myReferralQueryOptions = queryOptions({
  queryKey: referralKeys.me,
  queryFn: ({ signal }) => getMyReferral(signal),
  retry: false,
});

export function useMyReferral() {
  return useQuery(myReferralQueryOptions);
}
