import type { RewardGrant, RewardGrantDecision } from '@app/shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './keys';

/** `PATCH /api/referral/admin/rewards/{id}` with `{ status: 'granted' | 'revoked' }`. */
export function decideRewardGrant(id: string, decision: RewardGrantDecision): Promise<RewardGrant> {
  return apiRequest<RewardGrant>(`/referral/admin/rewards/${id}`, { method: 'PATCH', body: decision });
}

export function useDecideRewardGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & RewardGrantDecision) => decideRewardGrant(id, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
