import { FAILURE_MESSAGES, formatFcfa, OPERATOR_LABELS, type Operator, type Payment } from '@app/shared/payments';
import { type ReactNode, useEffect, useRef } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { localize, useLanguage, useT } from '../../lib/i18n';
import { isWaiting, useCancelPayment, usePayment } from '../../lib/payments/payment-query';
import { useOnline } from '../../lib/pwa';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ListError, ListLoading } from '../ui/list-states';
import { paymentMessages } from './messages';

/** Where each operator's local emulator shows its waiting requests (no provider keys configured). */
export const EMULATOR_PAGES: Record<Operator, string> = {
  mtn: '/emulateurs/mtn-momo/',
  orange: '/emulateurs/orange-money/',
};

export type SummaryRows = [string, string][];

/** A screen's heading takes the focus when the screen changes, so a screen reader reads it. */
function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
      {children}
    </h2>
  );
}

function Summary({ payment, rows: extra }: { payment: Payment; rows: SummaryRows }) {
  const t = useT(paymentMessages);
  const rows: SummaryRows = [
    [t('amount'), formatFcfa(payment.amount)],
    ...extra,
    [t('operator'), OPERATOR_LABELS[payment.operator]],
    [t('phone'), payment.phoneMasked],
    [t('reference'), payment.reference],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-3 text-sm sm:p-4">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900 tabular-nums [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface Words {
  /** While the operator is asked again: what happens if the person had approved. */
  statusUnknown: string;
  /** Under a payment cancelled by its payer: what happens if they had approved it already. */
  cancelledLate: string;
  /** The button back to the form when the payment cannot be found. */
  back: string;
}

function Waiting({ payment, stale, rows, words }: { payment: Payment; stale: boolean; rows: SummaryRows; words: Words }) {
  const t = useT(paymentMessages);
  const online = useOnline();
  const cancel = useCancelPayment(payment._id);
  const operator = OPERATOR_LABELS[payment.operator];
  return (
    <div className="space-y-4" data-testid="payment-waiting">
      <FocusedHeading>{t('waitingTitle')}</FocusedHeading>
      <p className="text-slate-700">
        {t('waitingIntro', {
          amount: formatFcfa(payment.amount),
          // The number is not broken across two lines.
          phone: payment.phoneMasked.replace(/ /g, '\u00a0'),
          operator,
        })}
      </p>
      <Summary payment={payment} rows={rows} />
      <div role="status" className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sky-900">
        <span
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 rounded-full border-2 border-sky-300 border-t-sky-800 motion-safe:animate-spin"
        />
        <span data-testid="payment-status" data-status={payment.status}>
          {payment.status === 'unknown' ? words.statusUnknown : t('statusPending')}
        </span>
      </div>
      {!online ? (
        <Alert tone="info">{t('offlineWaiting')}</Alert>
      ) : stale ? (
        <p className="text-sm text-slate-600">{t('pollError')}</p>
      ) : null}
      {payment.emulated ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="emulated">
          <p>{t('emulated', { operator })}</p>
          <a
            href={EMULATOR_PAGES[payment.operator]}
            target="_blank"
            rel="noopener"
            className="mt-2 inline-block font-semibold text-amber-950 underline hover:no-underline"
          >
            {t('emulatorLink', { operator })}
          </a>
        </div>
      ) : null}
      {cancel.isError ? <Alert>{cancel.error.message}</Alert> : null}
      <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? t('cancelling') : t('cancel')}
      </Button>
    </div>
  );
}

function Failed({ payment, onRetry, rows, words }: { payment: Payment; onRetry: () => void; rows: SummaryRows; words: Words }) {
  const t = useT(paymentMessages);
  const language = useLanguage();
  return (
    <div className="space-y-4" data-testid="payment-failure">
      <FocusedHeading>{payment.status === 'refunded' ? t('refundedTitle') : t('failureTitle')}</FocusedHeading>
      <Alert>
        <p data-testid="failure-message">
          {payment.status === 'refunded'
            ? t('refunded')
            : localize(FAILURE_MESSAGES[payment.failureReason ?? 'provider_error'], language)}
        </p>
      </Alert>
      {payment.failureReason === 'cancelled' ? <p className="text-sm text-slate-600">{words.cancelledLate}</p> : null}
      <Summary payment={payment} rows={rows} />
      <Button onClick={onRetry}>{payment.status === 'refunded' ? t('newPayment') : t('retry')}</Button>
    </div>
  );
}

/**
 * A Mobile Money payment after 'Payer': 'Validez le paiement sur votre téléphone' with the live
 * status (read every 2.5 s while it waits and the page is seen), 'Annuler', then the success or
 * the failure's message with 'Réessayer' (decision 053). `onSuccessful` runs once when it turns
 * successful. What it pays says its own words: the summary's rows, the success, the links after.
 */
export function PaymentProgress({
  paymentId,
  onRetry,
  onSuccessful,
  summaryRows,
  success,
  after,
  words,
}: {
  paymentId: string;
  onRetry: () => void;
  onSuccessful: () => void;
  /** Rows of the summary after the amount (what is paid). */
  summaryRows?: (payment: Payment) => SummaryRows;
  /** Under the success's heading: what the payment did. */
  success: (payment: Payment) => ReactNode;
  /** The links under a success (the route composes them). */
  after: ReactNode;
  words: Words;
}) {
  const t = useT(paymentMessages);
  const query = usePayment(paymentId);
  const payment = query.data?.payment;
  const status = payment?.status;
  const reported = useRef(false);

  useEffect(() => {
    // The rest of the app (premium shown, gates, campaigns) is refreshed once per payment.
    if (status === 'successful' && !reported.current) {
      reported.current = true;
      onSuccessful();
    }
  }, [status, onSuccessful]);

  const rows = payment && summaryRows ? summaryRows(payment) : [];
  let body: ReactNode;
  if (!payment) {
    if (query.isPending) body = <ListLoading label={t('loading')} rows={3} />;
    else if (query.error instanceof ApiRequestError && query.error.status === 404)
      body = (
        <div className="space-y-3">
          <Alert>{t('paymentNotFound')}</Alert>
          <Button onClick={onRetry}>{words.back}</Button>
        </div>
      );
    else
      body = (
        <ListError
          title={t('loadError')}
          message={query.error?.message ?? ''}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      );
  } else if (isWaiting(payment.status)) {
    body = <Waiting payment={payment} stale={query.isError} rows={rows} words={words} />;
  } else if (payment.status === 'successful') {
    body = (
      <div className="space-y-4" data-testid="payment-success">
        <FocusedHeading>{t('successTitle')}</FocusedHeading>
        {success(payment)}
        <Summary payment={payment} rows={rows} />
        {after}
      </div>
    );
  } else {
    body = <Failed payment={payment} onRetry={onRetry} rows={rows} words={words} />;
  }

  return (
    <div
      className="mx-auto w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="payment-screen"
    >
      {body}
    </div>
  );
}
