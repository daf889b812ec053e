import type { CampaignPhase } from '@app/shared/ads';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { adsReviewMessages } from '../messages';

const PHASE_TONE: Record<CampaignPhase, BadgeTone> = {
  unpaid: 'gray',
  pending_review: 'yellow',
  scheduled: 'blue',
  live: 'green',
  ended: 'gray',
  refused: 'red',
  suspended: 'red',
  stopped: 'gray',
};

/** A campaign's phase (CAMPAIGN_PHASE_LABELS in French, their English in the messages). */
export function PhaseBadge({ phase, wrap = false }: { phase: CampaignPhase; wrap?: boolean }) {
  const t = useT(adsReviewMessages);
  return (
    <Badge tone={PHASE_TONE[phase]} wrap={wrap}>
      {t(`phase.${phase}`)}
    </Badge>
  );
}
