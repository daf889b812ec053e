import { localize } from '@app/shared/i18n';
import {
  formatFcfa,
  OPERATOR_LABELS,
  OPERATORS,
  type Operator,
  type Payment,
  type PremiumOverview,
  splitPrice,
} from '@app/shared/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form/controls';
import { describedBy } from '../../../components/ui/form/field';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { ApiRequestError } from '../../../lib/api-client';
import { localizeResolver } from '../../../lib/form-resolver';
import { useLanguage, useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/pwa';
import { useStartPayment } from '../api/start-payment';
import { newIdempotencyKey } from '../idempotency-key';
import { premiumMessages } from '../messages';
import {
  amountToPay,
  type PaymentFormValues,
  paymentFormSchema,
  proposedOperator,
  startPaymentBody,
} from '../payment-form-values';

/** The operators' own colours, as a mark beside their names (the names carry the meaning). */
const OPERATOR_MARKS: Record<Operator, { className: string; letter: string }> = {
  mtn: { className: 'bg-[#ffcc00] text-black', letter: 'MTN' },
  orange: { className: 'bg-[#ff7900] text-black', letter: 'OM' },
};

const cardClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-200 bg-white p-3 sm:p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700';

function RadioCard({ children, value, field }: { children: ReactNode; value: string; field: UseFormRegisterReturn }) {
  return (
    <label className={cardClass}>
      <input type="radio" value={value} {...field} className="size-5 shrink-0 accent-brand-700" />
      {children}
    </label>
  );
}

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
  const language = useLanguage();
  const online = useOnline();
  const start = useStartPayment();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const phoneId = useId();
  const operatorHintId = useId();
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
      const running = error instanceof ApiRequestError && error.code === 'PAYMENT_IN_PROGRESS' ? error.body?.payment : null;
      if (running && typeof running === 'object' && '_id' in running) {
        onStarted(running as Payment, values);
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

  const phoneError = errors.phone?.message;
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

        <div>
          <label htmlFor={phoneId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('phone')}
          </label>
          <Input
            id={phoneId}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+237 6XX XX XX XX"
            maxLength={30}
            aria-required="true"
            {...phoneField}
            {...describedBy(phoneId, phoneError, true)}
          />
          <p id={`${phoneId}-hint`} className="mt-1 text-xs text-slate-600">
            {t('phoneHint')}
          </p>
          {phoneError ? (
            <p id={`${phoneId}-error`} className="mt-1 text-sm text-red-700" data-testid="phone-error">
              {phoneError}
            </p>
          ) : null}
        </div>

        <fieldset aria-describedby={operatorHintId}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('operator')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {OPERATORS.map((operator) => (
              <RadioCard key={operator} value={operator} field={register('operator')}>
                <span
                  aria-hidden="true"
                  className={`flex size-10 shrink-0 items-center justify-center rounded-lg text-xs font-black ${OPERATOR_MARKS[operator].className}`}
                >
                  {OPERATOR_MARKS[operator].letter}
                </span>
                <span className="font-semibold text-slate-900">{OPERATOR_LABELS[operator]}</span>
              </RadioCard>
            ))}
          </div>
          <p id={operatorHintId} className="mt-1 text-xs text-slate-600">
            {t('operatorProposed')}
          </p>
        </fieldset>

        {overview.credit > 0 && plan ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="credit">
            {t('credit', { amount: formatFcfa(splitPrice(plan.price, overview.credit).creditUsed) })}
          </p>
        ) : null}

        {failure ? <Alert>{failure}</Alert> : null}
        {online ? null : <Alert tone="info">{t('offlineForm')}</Alert>}

        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" className="w-full text-base sm:w-auto" disabled={start.isPending}>
            {start.isPending ? t('paying') : t('pay', { amount: formatFcfa(amount) })}
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
