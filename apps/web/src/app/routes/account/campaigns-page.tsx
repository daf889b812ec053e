import { useParams } from 'react-router';
import { CampaignScreen } from '../../../features/promotion/components/campaign-screen';
import { CampaignsScreen } from '../../../features/promotion/components/campaigns-screen';

/** /mon-compte/publicites: 'Mes publicités', the account's campaigns (issue 30). */
export function CampaignsPage() {
  return <CampaignsScreen />;
}

/** /mon-compte/publicites/:id: one campaign, its payment and its figures day by day. */
export function CampaignPage() {
  const { id = '' } = useParams();
  return <CampaignScreen key={id} id={id} />;
}
