import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { Leaderboard } from '../../../features/referrals/components/leaderboard';
import { RewardGrants } from '../../../features/referrals/components/reward-grants';
import { RewardRules } from '../../../features/referrals/components/reward-rules';
import { referralMessages } from '../../../features/referrals/messages';
import { useT } from '../../../lib/i18n';

// The three referral screens, each with its sidebar permission.
export function ReferralsPage() {
  const t = useT(referralMessages);
  return (
    <RequirePermission permission="manage_referrals">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('leaderboardTitle')}</h1>
      <Leaderboard />
    </RequirePermission>
  );
}

export function RewardsPage() {
  const t = useT(referralMessages);
  return (
    <RequirePermission permission="manage_rewards">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('rewardsAdminTitle')}</h1>
      <RewardGrants />
    </RequirePermission>
  );
}

export function RewardRulesPage() {
  const t = useT(referralMessages);
  return (
    <RequirePermission permission="manage_rewards">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('rulesTitle')}</h1>
      <RewardRules />
    </RequirePermission>
  );
}
