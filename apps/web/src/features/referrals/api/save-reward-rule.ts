import type { RewardRule, RewardRuleValues } from '@app/shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './keys';

export type RuleChange =
  | { kind: 'create'; values: RewardRuleValues }
  | { kind: 'update'; id: string; values: RewardRuleValues }
  | { kind: 'active'; id: string; isActive: boolean }
  | { kind: 'delete'; id: string };

/**
 * `POST /api/referral/reward-rules`, `PUT` and `PATCH /api/referral/reward-rules/{id}` (edit,
 * activate) and `DELETE` (only a rule that never granted).
 */
function saveRewardRule(change: RuleChange): Promise<RewardRule | { message: string }> {
  switch (change.kind) {
    case 'create':
      return apiRequest('/referral/reward-rules', { method: 'POST', body: change.values });
    case 'update':
      return apiRequest(`/referral/reward-rules/${change.id}`, { method: 'PUT', body: change.values });
    case 'active':
      return apiRequest(`/referral/reward-rules/${change.id}`, { method: 'PATCH', body: { isActive: change.isActive } });
    case 'delete':
      return apiRequest(`/referral/reward-rules/${change.id}`, { method: 'DELETE' });
  }
}

/** A rule change may create grants: every referral list reloads. */
export function useSaveRewardRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRewardRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
