import { formatFcfa, type Payment, type PremiumOverview, splitPrice } from '@app/shared/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { paymentMessages } from '../../../components/payment/messages';
import { PayingPhoneFields } from '../../../components/payment/payment-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RadioCard } from '../../../components/ui/form/radio-card';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { ApiRequestError } from '../../../lib/api-client';
import { localizeResolver } from '../../../lib/form-resolver';
import { localize, useLanguage, useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/pwa';
import { newIdempotencyKey } from '../../../lib/payments/idempotency-key';
import { proposedOperator } from '../../../lib/payments/mobile-number';
import { runningPaymentOf } from '../../../lib/payments/payment-query';
import { useStartPayment } from '../api/start-payment';
import { premiumMessages } from '../messages';
import { amountToPay, type PaymentFormValues, paymentFormSchema, startPaymentBody } from '../payment-form-values';

/**
 * The payment form: the plan at the server's price, the paying number (the account's, to
 * confirm), the operator proposed from the number as it is typed and changeable, 'Payer …'. The
 * idempotency key is made when the form opens and kept across a retry: a double tap or a request
 * sent again is one payment.
 */
export function PaymentForm({
  overview,
  initial,
  renewing,
  onStarted,
  onCancel,
}: {
  overview: PremiumOverview;
  initial: PaymentFormValues;
  renewing: boolean;
  onStarted: (payment: Payment, values: PaymentFormValues) => void;
  onCancel?: () => void;
}) {
  const t = useT(premiumMessages);
  const tPay = useT(paymentMessages);
  const language = useLanguage();
  const online = useOnline();
  const start = useStartPayment();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<PaymentFormValues>({
    resolver: localizeResolver(zodResolver(paymentFormSchema)),
    defaultValues: initial,
  });

  const planId = watch('plan');
  const plan = overview.plans.find((candidate) => candidate.id === planId) ?? overview.plans[0];
  const amount = plan ? amountToPay(plan.price, overview.credit) : 0;
  const monthly = overview.plans.find((candidate) => candidate.id === 'monthly');

  const phoneField = register('phone', {
    onChange: (event: { target: { value: string } }) => {
      const operator = proposedOperator(event.target.value);
      if (operator) setValue('operator', operator);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { payment } = await start.mutateAsync(startPaymentBody(values, idempotencyKey));
      onStarted(payment, values);
    } catch (error) {
      // A payment already running (another tab, a tap before this one): that one is followed.
      const running = runningPaymentOf(error);
      if (running) {
        onStarted(running, values);
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'NOT_A_CAMEROON_MOBILE') {
        setError('phone', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (applyServerErrors({ setError }, error, onlyFields(['plan', 'phone', 'operator'] as const))) return;
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="payment-form"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        {renewing ? t('formTitleRenew') : t('formTitle')}
      </h2>
      {renewing ? <p className="-mt-2 mb-4 text-sm text-slate-600">{t('renewHint')}</p> : null}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('plan')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {overview.plans.map((option) => {
              const saving = option.id === 'yearly' && monthly ? monthly.price * 12 - option.price : 0;
              return (
                <RadioCard key={option.id} value={option.id} field={register('plan')}>
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{localize(option.label, language)}</span>
                    <span className="block text-lg font-bold text-slate-900 tabular-nums" data-plan-price={option.id}>
                      {formatFcfa(option.price)}
                    </span>
                    <span className="block text-sm text-slate-600">{t('perDays', { days: option.days })}</span>
                    {saving > 0 ? (
                      <span className="mt-1 block text-sm font-medium text-emerald-800">
                        {t('yearlySaving', { amount: formatFcfa(saving) })}
                      </span>
                    ) : null}
                  </span>
                </RadioCard>
              );
            })}
          </div>
        </fieldset>

        <PayingPhoneFields phoneField={phoneField} operatorField={register('operator')} phoneError={errors.phone?.message} />

        {overview.credit > 0 && plan ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="credit">
            {t('credit', { amount: formatFcfa(splitPrice(plan.price, overview.credit).creditUsed) })}
          </p>
        ) : null}

        {failure ? <Alert>{failure}</Alert> : null}
        {online ? null : <Alert tone="info">{tPay('offlineForm')}</Alert>}

        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" className="w-full text-base sm:w-auto" disabled={start.isPending}>
            {start.isPending ? tPay('paying') : tPay('pay', { amount: formatFcfa(amount) })}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {t('cancelForm')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
