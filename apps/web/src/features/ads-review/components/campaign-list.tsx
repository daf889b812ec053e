import { useEffect } from 'react';
import type { AdminCampaign } from '@app/shared/ads';
import { formatFcfa } from '@app/shared/payments';
import { type PagedColumn, PagedTable } from '../../../components/ui/paged-table';
import { formatNumber } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { type CampaignFilters, useCampaigns } from '../api/get-campaigns';
import { campaignArea, formatDay } from '../lib/campaign-format';
import { adsReviewMessages } from '../messages';
import { PhaseBadge } from './phase-badge';

interface CampaignListProps {
  filters: CampaignFilters;
  page: number;
  onPage: (page: number, options?: { replace?: boolean }) => void;
  onOpen: (id: string) => void;
  /** A campaign just closed: its row takes the focus once the list has reloaded, else the first filter. */
  focusRow: string | null;
  onFocused: () => void;
}

/** The campaigns, newest first: a table from 768 px, one card per campaign below. */
export function CampaignList({ filters, page, onPage, onOpen, focusRow, onFocused }: CampaignListProps) {
  const t = useT(adsReviewMessages);
  const language = useLanguage();
  const list = useCampaigns(filters, page);
  // After an action the list reloads (the campaign may have left it): wait for the fresh rows.
  const settled = !list.isFetching && !list.isPending;
  useEffect(() => {
    if (!focusRow || !settled) return;
    const rows = document.querySelectorAll<HTMLElement>(`[data-campaign-id="${CSS.escape(focusRow)}"]`);
    const row = [...rows].find((element) => element.offsetParent !== null);
    (row ?? document.getElementById('campaign-phase'))?.focus();
    onFocused();
  }, [focusRow, settled, onFocused]);
  const period = (campaign: AdminCampaign) =>
    t('period', { from: formatDay(campaign.startDate, language), to: formatDay(campaign.endDate, language) });
  const open = (campaign: AdminCampaign) => (
    <button
      type="button"
      onClick={() => onOpen(campaign._id)}
      data-campaign-id={campaign._id}
      aria-label={t('open', { title: campaign.event.title })}
      className="text-left font-medium text-brand-700 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {campaign.event.title}
    </button>
  );
  // Headers and cells wrap, the advertiser under the event, so the facts fit the 960 px a 1280 px window leaves beside the sidebar.
  const wrap = 'whitespace-normal';
  const columns: PagedColumn<AdminCampaign>[] = [
    {
      header: t('eventAndAdvertiser'),
      cell: (campaign) => (
        <>
          {open(campaign)}
          <span className="block text-slate-600">{campaign.advertiser.name}</span>
        </>
      ),
      className: `${wrap} min-w-36`,
    },
    { header: t('placement'), cell: (campaign) => t(`placement.${campaign.placement}`), className: wrap },
    { header: t('cities'), cell: (campaign) => campaignArea(campaign, t('national')), className: wrap },
    {
      header: t('dates'),
      cell: (campaign) => (
        <>
          <span className="block whitespace-nowrap">{formatDay(campaign.startDate, language)}</span>
          <span className="block whitespace-nowrap">
            {t('until')} {formatDay(campaign.endDate, language)}
          </span>
        </>
      ),
      className: wrap,
    },
    {
      header: t('price'),
      cell: (campaign) => <span className="whitespace-nowrap">{formatFcfa(campaign.price)}</span>,
      className: wrap,
    },
    { header: t('phase'), cell: (campaign) => <PhaseBadge phase={campaign.phase} wrap />, className: `${wrap} min-w-36` },
    {
      header: t('impressionsClicks'),
      cell: (campaign) => (
        <span className="whitespace-nowrap">
          {formatNumber(campaign.impressions)} / {formatNumber(campaign.clicks)}
        </span>
      ),
      className: `${wrap} text-right`,
    },
  ];

  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="campaign-total">
        {list.data ? t('total', { count: formatNumber(list.data.total) }) : '\u00a0'}
      </p>
      <PagedTable
        caption={t('caption')}
        columns={columns}
        query={list}
        page={page}
        onPage={onPage}
        rowKey={(campaign) => campaign._id}
        empty={t('empty')}
        card={(campaign) => (
          <article className="space-y-1 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="campaign-card">
            <div className="flex items-start justify-between gap-2">
              <h3 className="min-w-0 flex-1">{open(campaign)}</h3>
              <PhaseBadge phase={campaign.phase} />
            </div>
            <p className="text-sm text-slate-700">{campaign.advertiser.name}</p>
            <p className="text-sm text-slate-700">
              {t(`placement.${campaign.placement}`)} · {campaignArea(campaign, t('national'))}
            </p>
            <p className="text-sm text-slate-700">{period(campaign)}</p>
            <p className="flex flex-wrap justify-between gap-x-3 text-sm">
              <span className="font-semibold text-slate-900">{formatFcfa(campaign.price)}</span>
              <span className="text-slate-600">
                {t('impressions')} {formatNumber(campaign.impressions)} · {t('clicks')} {formatNumber(campaign.clicks)}
              </span>
            </p>
          </article>
        )}
      />
    </div>
  );
}
