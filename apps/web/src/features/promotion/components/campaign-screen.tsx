import type { CampaignDetail } from '@app/shared/ads';
import { formatFcfa, PAYMENT_STATUS_LABELS } from '@app/shared/payments';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { TBody, Td, Th } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { getLanguage, LOCALES, localize, useT } from '../../../lib/i18n';
import { useCampaign } from '../api';
import { clickRate, dailyTotals, formatClickRate } from '../campaign-values';
import { promotionMessages } from '../messages';
import { CampaignPayment } from './campaign-payment';
import { campaignZone, formatDay, PhaseBadge, placementLabel } from './campaign-parts';

/** A day of the table: '27 nov.' (the campaign's dates give the year). */
function formatShortDay(day: string): string {
  return formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short' });
}

type T = ReturnType<typeof useT<keyof (typeof promotionMessages)['fr']>>;

const PAY_PARAM = 'payer';
const PAYMENT_PARAM = 'paiement';

/** Why the team refused or suspended it, or why it stopped; and a refund said. */
function ReasonLine({ campaign, t }: { campaign: CampaignDetail; t: T }) {
  const reason = campaign.reason ?? '';
  const text =
    campaign.phase === 'refused'
      ? t('reasonRefused', { reason })
      : campaign.phase === 'suspended'
        ? t('reasonSuspended', { reason })
        : campaign.phase === 'stopped'
          ? t('reasonStopped', { reason })
          : null;
  if (!text || !reason) return null;
  return (
    <Alert tone={campaign.phase === 'stopped' ? 'info' : 'error'}>
      <p className="[overflow-wrap:anywhere]" data-testid="campaign-reason">
        {text}
      </p>
      {campaign.payment?.status === 'refunded' ? <p className="mt-1">{t('refundedHint')}</p> : null}
    </Alert>
  );
}

function Facts({ campaign, t }: { campaign: CampaignDetail; t: T }) {
  const language = getLanguage();
  const rows: [string, ReactNode][] = [
    [
      t('event'),
      <a key="event" href={campaign.event.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {campaign.event.title}
      </a>,
    ],
    [t('placement'), placementLabel(campaign.placement)],
    [t('zone'), campaignZone(campaign)],
    [t('dates'), t('datesValue', { from: formatDay(campaign.startDate), to: formatDay(campaign.endDate) })],
    [t('days'), t(campaign.days > 1 ? 'day_other' : 'day_one', { count: campaign.days })],
    [t('priceLabel'), formatFcfa(campaign.price)],
  ];
  if (campaign.payment) {
    rows.push([
      t('payment'),
      `${localize(PAYMENT_STATUS_LABELS[campaign.payment.status], language)} · ${campaign.payment.reference}`,
    ]);
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="campaign-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900 tabular-nums [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Daily({ campaign, t }: { campaign: CampaignDetail; t: T }) {
  const locale = LOCALES[getLanguage()];
  const totals = dailyTotals(campaign.daily);
  return (
    <section aria-labelledby="campaign-daily-title" className="space-y-2">
      <h2 id="campaign-daily-title" className="text-lg font-semibold text-slate-900">
        {t('dailyTitle')}
      </h2>
      {campaign.daily.length === 0 ? (
        <ListEmpty title={t('dailyEmpty')} />
      ) : (
        // Kept within a phone's width; if it still scrolls sideways, the box takes the keyboard's focus.
        <section
          aria-label={t('dailyCaption')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, a scrolling region must take the focus (axe scrollable-region-focusable).
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">{t('dailyCaption')}</caption>
            <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
              <tr>
                <Th className="px-2 sm:px-4">{t('day')}</Th>
                <Th className="px-2 text-right whitespace-normal sm:px-4">{t('impressions')}</Th>
                <Th className="px-2 text-right whitespace-normal sm:px-4">{t('clicks')}</Th>
                <Th className="px-2 text-right whitespace-normal sm:px-4">{t('clickRate')}</Th>
              </tr>
            </thead>
            <TBody>
              {campaign.daily.map((day) => (
                <tr key={day.day} data-day={day.day}>
                  <Td className="px-2 whitespace-nowrap sm:px-4">{formatShortDay(day.day)}</Td>
                  <Td className="px-2 text-right tabular-nums sm:px-4">{formatNumber(day.impressions)}</Td>
                  <Td className="px-2 text-right tabular-nums sm:px-4">{formatNumber(day.clicks)}</Td>
                  <Td className="px-2 text-right tabular-nums sm:px-4">
                    {formatClickRate(clickRate(day.impressions, day.clicks), locale)}
                  </Td>
                </tr>
              ))}
            </TBody>
            <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold">
              <tr data-testid="campaign-totals">
                <Th scope="row" className="px-2 text-slate-900 sm:px-4">
                  {t('total')}
                </Th>
                <Td className="px-2 text-right tabular-nums sm:px-4">{formatNumber(totals.impressions)}</Td>
                <Td className="px-2 text-right tabular-nums sm:px-4">{formatNumber(totals.clicks)}</Td>
                <Td className="px-2 text-right tabular-nums sm:px-4">
                  {formatClickRate(clickRate(totals.impressions, totals.clicks), locale)}
                </Td>
              </tr>
            </tfoot>
          </table>
        </section>
      )}
      <p className="text-xs text-slate-600">{t('privacyHint')}</p>
    </section>
  );
}

/**
 * /mon-compte/publicites/:id (issue 30): the campaign, its phase and, when refused, suspended or
 * stopped, why; 'Payer' while it is unpaid (the payment in the address: `?payer=1`, then
 * `?paiement=…`); its impressions and clicks day by day, with totals. Never who the visitors are.
 */
export function CampaignScreen({ id }: { id: string }) {
  const t = useT(promotionMessages);
  const [search, setSearch] = useSearchParams();
  const paying = search.get(PAY_PARAM) === '1';
  const paymentId = search.get(PAYMENT_PARAM);
  const query = useCampaign(id);
  const campaign = query.data;
  const missing = query.error instanceof ApiRequestError && query.error.status === 404;

  useEffect(() => {
    document.title = `${campaign ? campaign.event.title : t('listTitle')} · ${t('listTitle')} · Évènements Cameroun`;
  }, [t, campaign]);

  let body: ReactNode;
  if (missing) {
    body = (
      <div role="alert" className="rounded-lg border border-slate-200 bg-white p-4">
        <p className="font-medium text-slate-900">{t('notFound')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('notFoundHint')}</p>
      </div>
    );
  } else if (query.isPending) {
    body = <ListLoading label={t('detailLoading')} rows={5} />;
  } else if (query.isError || !campaign) {
    body = (
      <ListError
        title={t('detailError')}
        message={query.error?.message ?? ''}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (paymentId || (paying && campaign.phase === 'unpaid')) {
    body = (
      <CampaignPayment
        campaign={campaign}
        paymentId={paymentId}
        onPaymentStarted={(payment) => setSearch({ [PAYMENT_PARAM]: payment })}
        onLeavePayment={() => setSearch({ [PAY_PARAM]: '1' })}
      />
    );
  } else {
    body = (
      <>
        <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-600">{t('phase')} :</span>
            <PhaseBadge phase={campaign.phase} />
          </div>
          <ReasonLine campaign={campaign} t={t} />
          <Facts campaign={campaign} t={t} />
          {campaign.phase === 'unpaid' ? (
            <div className="space-y-2 rounded-xl bg-amber-50 p-3">
              <p className="text-sm text-amber-950">{t('unpaidHint')}</p>
              <Button onClick={() => setSearch({ [PAY_PARAM]: '1' })}>
                {t('pay')} {formatFcfa(campaign.price)}
              </Button>
            </div>
          ) : null}
          <dl className="grid grid-cols-3 gap-2 text-center">
            {(
              [
                [t('impressions'), formatNumber(campaign.impressions)],
                [t('clicks'), formatNumber(campaign.clicks)],
                [t('clickRate'), formatClickRate(clickRate(campaign.impressions, campaign.clicks), LOCALES[getLanguage()])],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Daily campaign={campaign} t={t} />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <Link to={paths.campaigns} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('backToList')}
      </Link>
      <header>
        <h1 className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
          {campaign ? campaign.event.title : t('listTitle')}
        </h1>
        {campaign ? <p className="text-slate-700">{placementLabel(campaign.placement)}</p> : null}
      </header>
      {body}
    </div>
  );
}
