import { AD_PLACEMENT_LABELS, type Campaign, CAMPAIGN_PHASE_LABELS, type CampaignPhase, cityName } from '@app/shared/ads';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { getLanguage } from '../../../lib/i18n';
import { promotionMessages } from '../messages';

const PHASE_TONES: Record<CampaignPhase, BadgeTone> = {
  unpaid: 'yellow',
  pending_review: 'blue',
  scheduled: 'blue',
  live: 'green',
  ended: 'gray',
  refused: 'red',
  suspended: 'red',
  stopped: 'gray',
};

export function PhaseBadge({ phase }: { phase: CampaignPhase }) {
  return (
    <span data-testid="campaign-phase" data-phase={phase}>
      <Badge tone={PHASE_TONES[phase]}>{phaseLabel(phase)}</Badge>
    </span>
  );
}

/** The shared French label; its English form from this feature's words. */
export function placementLabel(placement: Campaign['placement']): string {
  const language = getLanguage();
  return language === 'fr' ? AD_PLACEMENT_LABELS[placement] : promotionMessages[language][`placement_${placement}`];
}

export function phaseLabel(phase: CampaignPhase): string {
  const language = getLanguage();
  return language === 'fr' ? CAMPAIGN_PHASE_LABELS[phase] : promotionMessages[language][`phase_${phase}`];
}

/** 'Tout le Cameroun', or the cities by name. */
export function campaignZone(campaign: Pick<Campaign, 'national' | 'cities'>): string {
  const language = getLanguage();
  return campaign.national ? promotionMessages[language].national : campaign.cities.map(cityName).join(', ');
}

/** A campaign's day ('YYYY-MM-DD', Douala) as '27 nov. 2026'. */
export function formatDay(day: string, dateStyle: 'medium' | 'long' | 'full' = 'medium'): string {
  return formatDate(`${day}T12:00:00Z`, { dateStyle });
}
