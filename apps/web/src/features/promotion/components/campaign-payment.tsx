import type { CampaignDetail } from '@app/shared/ads';
import { formatFcfa, type Operator, type Payment } from '@app/shared/payments';
import { formatPhone } from '@app/shared/phone-display';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { paymentMessages } from '../../../components/payment/messages';
import { PayingPhoneFields } from '../../../components/payment/payment-fields';
import { PaymentProgress } from '../../../components/payment/payment-progress';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ListLoading } from '../../../components/ui/list-states';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/payments/idempotency-key';
import { payingPhone, payingPhoneSchema, proposedOperator } from '../../../lib/payments/mobile-number';
import { runningPaymentOf } from '../../../lib/payments/payment-query';
import { useOnline } from '../../../lib/pwa';
import { getUserContact } from '../../../lib/session';
import { campaignKeys, usePayCampaign } from '../api';
import { promotionMessages } from '../messages';
import { campaignZone, formatDay, placementLabel } from './campaign-parts';

const payFormSchema = z.object({ phone: payingPhoneSchema, operator: z.enum(['mtn', 'orange']) });
type PayFormValues = z.infer<typeof payFormSchema>;

function initialValues(accountPhone: string | null | undefined): PayFormValues {
  const phone = formatPhone(accountPhone ?? getUserContact()?.phone ?? null);
  return { phone, operator: proposedOperator(phone) ?? ('mtn' satisfies Operator) };
}

/** What the campaign is, above its payment form. */
function CampaignSummary({ campaign }: { campaign: CampaignDetail }) {
  const t = useT(promotionMessages);
  const rows: [string, string][] = [
    [t('event'), campaign.event.title],
    [t('placement'), placementLabel(campaign.placement)],
    [t('zone'), campaignZone(campaign)],
    [t('dates'), t('datesValue', { from: formatDay(campaign.startDate), to: formatDay(campaign.endDate) })],
    [t('priceLabel'), formatFcfa(campaign.price)],
  ];
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-3 text-sm sm:p-4"
      data-testid="campaign-summary"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The campaign's payment form: the paying number (the account's, to confirm) and the operator
 * proposed from it, 'Payer {prix}'. The idempotency key is made when the form opens and kept
 * across a retry; a payment already running on the account (409) is followed instead.
 */
function CampaignPayForm({
  campaign,
  accountPhone,
  onStarted,
}: {
  campaign: CampaignDetail;
  accountPhone: string | null | undefined;
  onStarted: (payment: Payment) => void;
}) {
  const t = useT(promotionMessages);
  const tPay = useT(paymentMessages);
  const online = useOnline();
  const pay = usePayCampaign(campaign._id);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<PayFormValues>({
    resolver: localizeResolver(zodResolver(payFormSchema)),
    defaultValues: initialValues(accountPhone),
  });

  const phoneField = register('phone', {
    onChange: (event: { target: { value: string } }) => {
      const operator = proposedOperator(event.target.value);
      if (operator) setValue('operator', operator);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { payment } = await pay.mutateAsync({ phone: payingPhone(values.phone), operator: values.operator, idempotencyKey });
      onStarted(payment);
    } catch (error) {
      const running = runningPaymentOf(error);
      if (running) {
        onStarted(running);
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'NOT_A_CAMEROON_MOBILE') {
        setError('phone', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (applyServerErrors({ setError }, error, onlyFields(['phone', 'operator'] as const))) return;
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="payment-form"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('payTitle')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">{t('payIntro')}</p>
      <CampaignSummary campaign={campaign} />
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
        <PayingPhoneFields phoneField={phoneField} operatorField={register('operator')} phoneError={errors.phone?.message} />
        {failure ? <Alert>{failure}</Alert> : null}
        {online ? null : <Alert tone="info">{tPay('offlineForm')}</Alert>}
        <Button type="submit" className="w-full text-base sm:w-auto" disabled={pay.isPending}>
          {pay.isPending ? tPay('paying') : tPay('pay', { amount: formatFcfa(campaign.price) })}
        </Button>
      </form>
    </section>
  );
}

/**
 * The payment step of a campaign: its form, then, once started, the payment followed as
 * premium's is (decision 053). The payment followed is the route's (`paymentId`, in the address).
 */
export function CampaignPayment({
  campaign,
  paymentId,
  onPaymentStarted,
  onLeavePayment,
  campaignLink = true,
}: {
  campaign: CampaignDetail;
  paymentId: string | null;
  onPaymentStarted: (id: string) => void;
  onLeavePayment: () => void;
  /** A link to the campaign's page under a success (not on that page itself). */
  campaignLink?: boolean;
}) {
  const t = useT(promotionMessages);
  const queryClient = useQueryClient();
  const me = useMe();
  const onSuccessful = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
  }, [queryClient]);

  if (!paymentId && campaign.phase !== 'unpaid') {
    // Paid meanwhile (another tab, a payment that succeeded late): nothing more to pay.
    return (
      <div className="mx-auto w-full max-w-xl space-y-3" data-testid="not-payable">
        <Alert tone="info">{t('notPayable')}</Alert>
        {campaignLink ? (
          <Link to={paths.campaign(campaign._id)} className={buttonClass('primary', 'md')}>
            {t('seeCampaign')}
          </Link>
        ) : null}
      </div>
    );
  }
  if (!paymentId) {
    // The account's number is proposed, to confirm: the form opens once the account is read.
    if (me.isPending) return <ListLoading label={t('loading')} rows={4} />;
    return (
      <CampaignPayForm
        campaign={campaign}
        accountPhone={me.data?.user.phone}
        onStarted={(payment) => onPaymentStarted(payment._id)}
      />
    );
  }
  const after: ReactNode = (
    <div className="flex flex-col gap-2 sm:flex-row">
      {campaignLink ? (
        <Link to={paths.campaign(campaign._id)} className={buttonClass('primary', 'md')}>
          {t('seeCampaign')}
        </Link>
      ) : null}
      <Link to={paths.campaigns} className={buttonClass(campaignLink ? 'secondary' : 'primary', 'md')}>
        {t('myCampaigns')}
      </Link>
    </div>
  );
  return (
    <PaymentProgress
      key={paymentId}
      paymentId={paymentId}
      onRetry={onLeavePayment}
      onSuccessful={onSuccessful}
      summaryRows={() => [[t('campaignLabel'), campaign.event.title]]}
      success={() => (
        <Alert tone="success">
          <p className="text-base font-semibold" data-testid="campaign-paid">
            {t('successPaid')}
          </p>
        </Alert>
      )}
      after={after}
      words={{ statusUnknown: t('statusUnknown'), cancelledLate: t('cancelledLate'), back: t('backToCampaign') }}
    />
  );
}
