import type { RewardGrantStatus, RewardMinType, RewardType } from '@app/shared/referrals';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { referralMessages } from '../messages';

const STATUS_TONE: Record<RewardGrantStatus, BadgeTone> = { pending: 'yellow', granted: 'green', revoked: 'red' };

export function GrantStatusBadge({ status }: { status: RewardGrantStatus }) {
  const t = useT(referralMessages);
  return <Badge tone={STATUS_TONE[status]}>{t(`status_${status}`)}</Badge>;
}

/** '30 jours premium', 'Crédit de 5 000 FCFA', 'Badge'. */
export function useRewardLabels() {
  const t = useT(referralMessages);
  return {
    value: (type: RewardType, value: number) =>
      type === 'premium_days'
        ? t('premium_days', { value: formatNumber(value) })
        : type === 'credit_fcfa'
          ? t('credit_fcfa', { value: formatMoney(value) })
          : t('badge'),
    type: (type: RewardType) => t(`type_${type}`),
    minType: (minType: RewardMinType) => t(`min_${minType}`),
  };
}
