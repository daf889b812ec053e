import type { Campaign } from '@app/shared/ads';
import { formatFcfa } from '@app/shared/payments';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useCampaigns } from '../api';
import { promotionMessages } from '../messages';
import { campaignZone, formatDay, PhaseBadge, placementLabel } from './campaign-parts';

type T = ReturnType<typeof useT<keyof (typeof promotionMessages)['fr']>>;

function CampaignCard({ campaign, t }: { campaign: Campaign; t: T }) {
  const facts: [string, string][] = [
    [t('placement'), placementLabel(campaign.placement)],
    [t('zone'), campaignZone(campaign)],
    [t('dates'), t('datesValue', { from: formatDay(campaign.startDate), to: formatDay(campaign.endDate) })],
    [t('priceLabel'), formatFcfa(campaign.price)],
    [t('impressions'), formatNumber(campaign.impressions)],
    [t('clicks'), formatNumber(campaign.clicks)],
  ];
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-campaign={campaign._id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
          <Link to={paths.campaign(campaign._id)} className="text-brand-800 underline-offset-2 hover:underline">
            {campaign.event.title}
          </Link>
        </h2>
        <PhaseBadge phase={campaign.phase} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** /mon-compte/publicites (issue 30): the account's campaigns, newest first, each with its phase and figures. */
export function CampaignsScreen() {
  const t = useT(promotionMessages);
  const { page } = useListScreen();
  const list = useCampaigns(page);

  useEffect(() => {
    document.title = `${t('listTitle')} · Évènements Cameroun`;
  }, [t]);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('listTitle')}</h1>
        <p className="mt-1 text-slate-700">{t('listIntro')}</p>
      </header>
      {list.isPending ? (
        <ListLoading label={t('listLoading')} rows={4} />
      ) : list.isError ? (
        <ListError
          title={t('listError')}
          message={list.error.message}
          retryLabel={t('retry')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <div className="space-y-3">
          <ListEmpty title={t('empty')} hint={t('emptyHint')} />
          <Link to={paths.organiser.events} className="inline-block text-sm font-medium text-brand-700 hover:underline">
            {t('myEvents')}
          </Link>
        </div>
      ) : (
        <>
          <ul aria-label={t('listLabel')} aria-busy={list.isPlaceholderData} className="space-y-3">
            {list.data.items.map((campaign) => (
              <CampaignCard key={campaign._id} campaign={campaign} t={t} />
            ))}
          </ul>
          <PrevNextPager
            label={t('pagination')}
            page={page}
            hasMore={page * PAGE_SIZE < list.data.total}
            hrefOf={(to) => `?page=${to}`}
            previousLabel={t('newer')}
            nextLabel={t('more')}
            pageLabel={String(page)}
          />
        </>
      )}
    </div>
  );
}
