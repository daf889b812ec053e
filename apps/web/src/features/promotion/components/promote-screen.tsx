import {
  AD_CITY_KEYS,
  AD_PLACEMENTS,
  type AdPrices,
  CAMPAIGN_MAX_DAYS,
  CAMPAIGN_START_MAX_DAYS_AHEAD,
  type CampaignOptions,
  cityName,
  pricePerDay,
} from '@app/shared/ads';
import { formatFcfa } from '@app/shared/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { RadioCard } from '../../../components/ui/form/radio-card';
import { applyServerErrors } from '../../../components/ui/form/server-errors';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/pwa';
import { useCampaign, useCampaignOptions, useCreateCampaign } from '../api';
import {
  addDays,
  type CampaignEvent,
  type CampaignFormValues,
  campaignFieldOf,
  campaignFormSchema,
  createCampaignBody,
  eventDay,
  initialCampaignValues,
  breakdownText,
  type PriceBreakdown,
  priceBreakdown,
} from '../campaign-values';
import { promotionMessages } from '../messages';
import { CampaignPayment } from './campaign-payment';
import { formatDay, placementLabel } from './campaign-parts';

type T = ReturnType<typeof useT<keyof (typeof promotionMessages)['fr']>>;

const CAMPAIGN_PARAM = 'campagne';
const PAYMENT_PARAM = 'paiement';

function PriceBox({ breakdown, budgetError, t }: { breakdown: PriceBreakdown; budgetError: string | null; t: T }) {
  const known = breakdown.total > 0;
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4" data-testid="campaign-price">
      <div aria-live="polite">
        {known ? (
          <>
            <p className="text-xl font-bold text-slate-900 tabular-nums" data-testid="campaign-price-total">
              {t('price', { price: formatFcfa(breakdown.total) })}
            </p>
            <p className="mt-1 text-sm text-slate-700 tabular-nums" data-testid="campaign-price-detail">
              {breakdownText(breakdown, t)}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-700">{t('priceMissing')}</p>
        )}
      </div>
      {budgetError ? (
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="budget-error">
          {budgetError}
        </p>
      ) : null}
    </div>
  );
}

/** The form 'Promouvoir cet évènement': placement, zone, dates, the price live, 'Continuer vers le paiement'. */
function PromoteForm({
  event,
  options,
  onCreated,
}: {
  event: CampaignEvent;
  options: CampaignOptions;
  onCreated: (campaignId: string) => void;
}) {
  const t = useT(promotionMessages);
  const online = useOnline();
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;
  const create = useCreateCampaign();
  const [failure, setFailure] = useState<string | null>(null);
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const schema = useMemo(() => campaignFormSchema(options.today), [options.today]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<CampaignFormValues>({
    resolver: localizeResolver(zodResolver(schema)),
    defaultValues: initialCampaignValues(event, options.today),
  });
  const values = watch();
  const prices: AdPrices = options.prices;
  const breakdown = priceBreakdown(prices, values);
  const day = eventDay(event);
  const lastStart = addDays(options.today, CAMPAIGN_START_MAX_DAYS_AHEAD);
  const startOk = values.startDate >= options.today;
  const lastEnd = addDays(startOk ? values.startDate : options.today, (options.maxDays || CAMPAIGN_MAX_DAYS) - 1);

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    setBudgetError(null);
    try {
      const { campaign } = await create.mutateAsync(createCampaignBody(event._id, form, prices));
      onCreated(campaign._id);
    } catch (error) {
      const budget = error instanceof ApiRequestError ? error.fieldErrors?.budget?.[0] : undefined;
      if (budget) setBudgetError(budget);
      const onFields = applyServerErrors({ setError }, error, campaignFieldOf);
      if (!onFields && !budget) setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  const citiesError = errors.cities?.message ?? errors.cities?.root?.message;
  return (
    <section aria-labelledby={idOf('title')} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={idOf('title')} className="text-lg font-semibold text-slate-900">
        {t('formTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('promoteIntro')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-6">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('placement')}</legend>
          <div className="grid gap-2 md:grid-cols-3">
            {AD_PLACEMENTS.map((placement) => (
              <RadioCard key={placement} value={placement} field={register('placement')}>
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{placementLabel(placement)}</span>
                  <span className="block text-sm text-slate-700 tabular-nums">
                    {t('perDay', { price: formatFcfa(pricePerDay(prices, placement)) })}
                  </span>
                </span>
              </RadioCard>
            ))}
          </div>
          {errors.placement?.message ? <p className="mt-1 text-sm text-red-700">{errors.placement.message}</p> : null}
        </fieldset>

        <fieldset aria-describedby={citiesError ? idOf('cities-error') : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('zone')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <RadioCard value="national" field={register('zone')}>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{t('national')}</span>
                <span className="block text-sm text-slate-700">{t('nationalHint', { factor: prices.nationalFactor })}</span>
              </span>
            </RadioCard>
            <RadioCard value="cities" field={register('zone')}>
              <span className="font-semibold text-slate-900">{t('someCities')}</span>
            </RadioCard>
          </div>
          {values.zone === 'cities' ? (
            <fieldset className="mt-3" aria-describedby={citiesError ? idOf('cities-error') : undefined}>
              <legend className="mb-1 text-sm font-medium text-slate-700">{t('cities')}</legend>
              <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3 lg:grid-cols-4">
                {AD_CITY_KEYS.map((city) => (
                  <label key={city} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" value={city} className="size-5 shrink-0 accent-brand-700" {...register('cities')} />
                    {cityName(city)}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {citiesError ? (
            <p id={idOf('cities-error')} className="mt-1 text-sm text-red-700" data-testid="cities-error">
              {citiesError}
            </p>
          ) : null}
        </fieldset>

        <div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={idOf('start')} label={t('startDate')} error={errors.startDate?.message} required>
              <Input
                id={idOf('start')}
                type="date"
                min={options.today}
                max={lastStart}
                aria-required
                {...describedBy(idOf('start'), errors.startDate?.message, false)}
                {...register('startDate')}
              />
            </Field>
            <Field id={idOf('end')} label={t('endDate')} error={errors.endDate?.message} required>
              <Input
                id={idOf('end')}
                type="date"
                min={startOk ? values.startDate : options.today}
                max={lastEnd}
                aria-required
                {...describedBy(idOf('end'), errors.endDate?.message, false)}
                {...register('endDate')}
              />
            </Field>
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {day
              ? t('datesHint', { max: options.maxDays || CAMPAIGN_MAX_DAYS, date: formatDay(day, 'long') })
              : t('datesHintNoEvent', { max: options.maxDays || CAMPAIGN_MAX_DAYS })}
          </p>
        </div>

        <PriceBox breakdown={breakdown} budgetError={budgetError} t={t} />

        {options.emulated ? <Alert tone="info">{t('emulatedForm')}</Alert> : null}
        {failure ? <Alert>{failure}</Alert> : null}
        {online ? null : <Alert tone="info">{t('offlineForm')}</Alert>}
        <Button type="submit" className="w-full text-base sm:w-auto" disabled={create.isPending}>
          {create.isPending ? t('creating') : t('continue')}
        </Button>
      </form>
    </section>
  );
}

/** The payment step of the campaign just created (kept in the address: a reload stays there). */
function PaymentStep({ campaignId, paymentId }: { campaignId: string; paymentId: string | null }) {
  const t = useT(promotionMessages);
  const [, setSearch] = useSearchParams();
  const campaign = useCampaign(campaignId);
  if (campaign.isPending) return <ListLoading label={t('detailLoading')} rows={4} />;
  if (campaign.isError) {
    return (
      <ListError
        title={t('detailError')}
        message={campaign.error.message}
        retryLabel={t('retry')}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  return (
    <CampaignPayment
      campaign={campaign.data}
      paymentId={paymentId}
      onPaymentStarted={(id) => setSearch({ [CAMPAIGN_PARAM]: campaignId, [PAYMENT_PARAM]: id })}
      onLeavePayment={() => setSearch({ [CAMPAIGN_PARAM]: campaignId })}
    />
  );
}

/**
 * /mon-compte/evenements/:id/promouvoir (issue 30): the form 'Promouvoir cet évènement', then the
 * created campaign's payment (`?campagne=…&paiement=…`). An event the account may not promote
 * (not its own, not published, private, past) says so.
 */
export function PromoteScreen({ eventId }: { eventId: string }) {
  const t = useT(promotionMessages);
  const [search, setSearch] = useSearchParams();
  const campaignId = search.get(CAMPAIGN_PARAM);
  const paymentId = search.get(PAYMENT_PARAM);
  const options = useCampaignOptions();
  const event = options.data?.events.find((candidate) => candidate._id === eventId);

  useEffect(() => {
    document.title = `${t('promoteTitle')}${event ? ` · ${event.title}` : ''} · Évènements Cameroun`;
  }, [t, event]);

  let body: ReactNode;
  if (campaignId) body = <PaymentStep campaignId={campaignId} paymentId={paymentId} />;
  else if (options.isPending) body = <ListLoading label={t('loading')} rows={5} />;
  else if (options.isError)
    body = (
      <ListError
        title={t('loadError')}
        message={options.error.message}
        retryLabel={t('retry')}
        onRetry={() => void options.refetch()}
      />
    );
  else if (!event)
    body = (
      <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="not-promotable">
        <p className="font-semibold text-amber-950">{t('notPromotableTitle')}</p>
        <p className="mt-1 text-sm text-amber-950">{t('notPromotableHint')}</p>
        <Link to={paths.organiser.events} className={buttonClass('secondary', 'md', 'mt-3')}>
          {t('myEvents')}
        </Link>
      </div>
    );
  else body = <PromoteForm event={event} options={options.data} onCreated={(id) => setSearch({ [CAMPAIGN_PARAM]: id })} />;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <Link to={paths.organiser.event(eventId)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('back')}
      </Link>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('promoteTitle')}</h1>
        {event ? <p className="text-slate-700 [overflow-wrap:anywhere]">{event.title}</p> : null}
      </header>
      {body}
    </div>
  );
}
