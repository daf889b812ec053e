import { AD_CITY_KEYS, AD_PLACEMENTS, CAMPAIGN_PHASES } from '@app/shared/ads';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { paramsNow, useListScreen, withListChanges } from '../../../lib/list-screen';
import type { CampaignFilters } from '../api/get-campaigns';
import { dayParam } from '../lib/campaign-format';
import { adsReviewMessages } from '../messages';
import { CampaignDetailPanel } from './campaign-detail';
import { CampaignFilters as Filters } from './campaign-filters';
import { CampaignList } from './campaign-list';

/**
 * 'Publicités': the campaigns (Statut, Emplacement, Ville, Période filters; the ones awaiting
 * approval first by default) in a paged table, cards on phones; a campaign opened (`?id=`) takes
 * the list's place, with its preview, its figures per day and the team's actions. All in the URL.
 */
export function AdsReviewScreen() {
  const t = useT(adsReviewMessages);
  const list = useListScreen({
    filters: {
      // The default (first) is the review queue; 'all' is then written in the URL.
      phase: ['pending_review', 'all', ...CAMPAIGN_PHASES.filter((phase) => phase !== 'pending_review')] as const,
      placement: ['all', ...AD_PLACEMENTS] as const,
      city: ['all', ...AD_CITY_KEYS] as const,
    },
  });
  const [params, setParams] = useSearchParams();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const setPeriod = useCallback(
    (changes: { from?: string | null; to?: string | null }) =>
      setParams((rendered) => withListChanges(paramsNow(rendered), changes), { replace: true }),
    [setParams],
  );
  const { phase, placement, city } = list.filters;
  // A period that ends before it starts is said at the field and not sent.
  const periodValid = !from || !to || from <= to;
  const filters: CampaignFilters = {
    phase,
    placement,
    city,
    from: periodValid ? from : null,
    to: periodValid ? to : null,
  };

  // Back from a campaign: the list focuses its row again, or the filters when it left the list.
  const { selectedId, select } = list;
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const back = () => {
    setReturnTo(selectedId);
    select(null);
  };

  return (
    <Screen title={t('title')} subtitle={t('subtitle')}>
      {selectedId ? (
        <CampaignDetailPanel key={selectedId} id={selectedId} onBack={back} />
      ) : (
        <>
          <Filters choices={list.filters} onChoices={list.setFilters} from={from} to={to} onPeriod={setPeriod} />
          <CampaignList
            filters={filters}
            page={list.page}
            onPage={list.setPage}
            onOpen={select}
            focusRow={returnTo}
            onFocused={() => setReturnTo(null)}
          />
        </>
      )}
    </Screen>
  );
}
