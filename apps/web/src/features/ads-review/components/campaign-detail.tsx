import type { AdminCampaignDetail } from '@app/shared/ads';
import { formatFcfa } from '@app/shared/payments';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DetailField } from '../../../components/ui/detail-field';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { localize, useLanguage, useT } from '../../../lib/i18n';
import { type CampaignAction, useCampaignAction } from '../api/campaign-actions';
import { useCampaign } from '../api/get-campaign';
import { campaignArea, clickRate, formatDay } from '../lib/campaign-format';
import { adsReviewMessages } from '../messages';
import { CampaignPreview } from './campaign-preview';
import { PhaseBadge } from './phase-badge';
import { ReasonDialog } from './reason-dialog';

export function CampaignDetailPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT(adsReviewMessages);
  const detail = useCampaign(id);
  return (
    <LoadedDetailPanel query={detail} t={t} retryLabel={t('retry')} labelledBy="campaign-detail-title" onBack={onBack} backAlways>
      {(campaign) => <CampaignBody campaign={campaign} />}
    </LoadedDetailPanel>
  );
}

function CampaignBody({ campaign }: { campaign: AdminCampaignDetail }) {
  const t = useT(adsReviewMessages);
  const language = useLanguage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [dialog, setDialog] = useState<'refuse' | 'suspend' | null>(null);
  const action = useCampaignAction();
  // The list gives way to the campaign: bring focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  const run = (name: CampaignAction, reason?: string) =>
    action.mutate(
      { id: campaign._id, action: name, reason },
      {
        onSuccess: (data) => {
          setDialog(null);
          if (data.message) toast.success(localize(data.message, language));
        },
        // With a dialog open, it shows the refusal beside the reason typed.
        onError: (error) => {
          if (!reason) toast.error(error.message);
        },
      },
    );
  const open = (name: 'refuse' | 'suspend') => {
    action.reset();
    setDialog(name);
  };
  const pending = action.isPending;
  const reviewable = campaign.status === 'pending_review';
  const amount = formatFcfa(campaign.payment?.amount ?? campaign.price);

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="campaign-detail-title"
            className="text-lg font-bold [overflow-wrap:anywhere] text-slate-900 outline-none"
          >
            {campaign.event.title}
          </h2>
          <p className="text-2xl font-bold text-slate-900">{formatFcfa(campaign.price)}</p>
        </div>
        <PhaseBadge phase={campaign.phase} />
      </header>

      {reviewable || campaign.status === 'approved' || campaign.status === 'suspended' ? (
        <div className="flex flex-wrap gap-2">
          {reviewable ? (
            <>
              <Button variant="success" disabled={pending} onClick={() => run('approve')}>
                {pending && action.variables?.action === 'approve' ? t('approving') : t('approve')}
              </Button>
              <Button variant="danger" disabled={pending} onClick={() => open('refuse')}>
                {t('refuse')}
              </Button>
            </>
          ) : null}
          {campaign.status === 'approved' ? (
            <Button variant="danger" disabled={pending} onClick={() => open('suspend')}>
              {t('suspend')}
            </Button>
          ) : null}
          {campaign.status === 'suspended' ? (
            <Button variant="primary" disabled={pending} onClick={() => run('resume')}>
              {pending ? t('resuming') : t('resume')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DetailField label={t('placement')}>{t(`placement.${campaign.placement}`)}</DetailField>
        <DetailField label={t('cities')}>{campaignArea(campaign, t('national'))}</DetailField>
        <DetailField label={t('dates')}>
          {t('period', { from: formatDay(campaign.startDate, language), to: formatDay(campaign.endDate, language) })} (
          {t('days', { count: formatNumber(campaign.days) })})
        </DetailField>
        <DetailField label={t('createdAt')}>
          {formatDate(campaign.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </DetailField>
        <DetailField label={t('eventDate')}>
          {formatDate(campaign.event.startDateTime, { dateStyle: 'medium', timeStyle: 'short' })}
        </DetailField>
        <DetailField label={t('eventPage')}>
          <a href={campaign.event.href} className="break-all text-brand-700 underline">
            {campaign.event.href}
          </a>
        </DetailField>
        <DetailField label={t('impressions')}>{formatNumber(campaign.impressions)}</DetailField>
        <DetailField label={t('clicks')}>
          {formatNumber(campaign.clicks)} · {t('clickRate')}{' '}
          {clickRate(campaign.impressions, campaign.clicks, language) ?? t('none')}
        </DetailField>
        {campaign.reason ? (
          <DetailField label={t('reason')} wide>
            <span className="whitespace-pre-line" data-testid="campaign-reason">
              {campaign.reason}
            </span>
          </DetailField>
        ) : null}
      </dl>

      <section aria-labelledby="campaign-advertiser-title" className="space-y-2">
        <h3 id="campaign-advertiser-title" className="text-sm font-semibold text-slate-900">
          {t('advertiser')}
        </h3>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <DetailField label={t('name')}>{campaign.advertiser.name}</DetailField>
          <DetailField label={t('email')}>
            <span className="break-all">{campaign.advertiser.email ?? t('none')}</span>
          </DetailField>
        </dl>
      </section>

      <section aria-labelledby="campaign-payment-title" className="space-y-2">
        <h3 id="campaign-payment-title" className="text-sm font-semibold text-slate-900">
          {t('payment')}
        </h3>
        {campaign.payment ? (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <DetailField label={t('paymentReference')}>
              <span className="font-mono text-xs break-all">{campaign.payment.reference}</span>
            </DetailField>
            <DetailField label={t('paymentStatus')}>{t(`payment.${campaign.payment.status}`)}</DetailField>
            <DetailField label={t('paymentAmount')}>{formatFcfa(campaign.payment.amount)}</DetailField>
          </dl>
        ) : (
          <p className="text-sm text-slate-600">{t('noPayment')}</p>
        )}
      </section>

      <CampaignPreview campaign={campaign} />

      <section aria-labelledby="campaign-daily-title" className="space-y-2">
        <h3 id="campaign-daily-title" className="text-sm font-semibold text-slate-900">
          {t('daily')}
        </h3>
        {campaign.daily.length === 0 ? (
          <p className="text-sm text-slate-600">{t('dailyEmpty')}</p>
        ) : (
          <DailyTable daily={campaign.daily} />
        )}
      </section>

      <ReasonDialog
        open={dialog !== null}
        title={dialog === 'suspend' ? t('suspendTitle') : t('refuseTitle')}
        text={
          dialog === 'suspend'
            ? t('suspendText', { title: campaign.event.title })
            : t('refuseText', { title: campaign.event.title, amount })
        }
        label={dialog === 'suspend' ? t('suspendReason') : t('refuseReason')}
        confirm={dialog === 'suspend' ? t('suspendConfirm') : t('refuseConfirm')}
        confirming={dialog === 'suspend' ? t('suspending') : t('refusing')}
        pending={pending}
        error={action.error}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => dialog && run(dialog, reason)}
      />
    </div>
  );
}

/**
 * The figures per Douala day: narrow cells and headers that wrap, so the four columns fit a 360 px
 * phone without a box that scrolls sideways.
 */
function DailyTable({ daily }: { daily: AdminCampaignDetail['daily'] }) {
  const t = useT(adsReviewMessages);
  const language = useLanguage();
  const cell = 'px-2 py-2 sm:px-4';
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <table className="w-full divide-y divide-slate-200 text-left text-sm" data-testid="campaign-daily">
        <caption className="sr-only">{t('dailyCaption')}</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className={cell}>
              {t('day')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('impressions')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('clicks')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('clickRate')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">
          {daily.map((day) => (
            <tr key={day.day}>
              <th scope="row" className={`${cell} font-normal`}>
                {formatDay(day.day, language)}
              </th>
              <td className={`${cell} text-right`}>{formatNumber(day.impressions)}</td>
              <td className={`${cell} text-right`}>{formatNumber(day.clicks)}</td>
              <td className={`${cell} text-right whitespace-nowrap`}>
                {clickRate(day.impressions, day.clicks, language) ?? t('none')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
