import { formatFcfa, type Payment } from '@app/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { isWaiting } from '../../../lib/payments/payment-query';
import { usePremiumOverview } from '../api/get-premium-overview';
import { premiumKeys } from '../api/keys';
import { premiumMessages } from '../messages';
import { initialPaymentValues, type PaymentFormValues } from '../payment-form-values';
import { PaymentForm } from './payment-form';
import { PaymentProgress } from './payment-progress';
import { PremiumUnlocks } from './premium-unlocks';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid={testId}
    >
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The Premium page: where the account stands, what premium unlocks, the plans and the payment
 * form; with `paymentId`, that payment's screen instead (waiting, success, failure). The route
 * keeps `paymentId` in the address and refreshes the other screens' premium state (`onPaid`).
 */
export function PremiumScreen({
  paymentId,
  onPaymentStarted,
  onLeavePayment,
  onPaid,
  afterSuccess,
}: {
  paymentId: string | null;
  onPaymentStarted: (id: string, options?: { replace?: boolean }) => void;
  onLeavePayment: () => void;
  onPaid: () => void;
  afterSuccess: ReactNode;
}) {
  const t = useT(premiumMessages);
  const queryClient = useQueryClient();
  const overview = usePremiumOverview();
  const [draft, setDraft] = useState<PaymentFormValues | null>(null);
  const [renewing, setRenewing] = useState(false);
  const current = overview.data?.current ?? null;
  // The payments the person left with 'Réessayer' (the overview read before may still name one).
  const left = useRef(new Set<string>());

  // A payment still running when the page opens is taken up again.
  useEffect(() => {
    if (!paymentId && current && isWaiting(current.status) && !left.current.has(current._id)) {
      onPaymentStarted(current._id, { replace: true });
    }
  }, [paymentId, current, onPaymentStarted]);

  const onSuccessful = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: premiumKeys.overview });
    onPaid();
  }, [queryClient, onPaid]);

  const onStarted = (payment: Payment, values: PaymentFormValues) => {
    setDraft(values);
    onPaymentStarted(payment._id);
  };

  const onRetry = () => {
    if (paymentId) left.current.add(paymentId);
    setRenewing(true);
    void queryClient.invalidateQueries({ queryKey: premiumKeys.overview });
    onLeavePayment();
  };

  if (paymentId) {
    return (
      <PaymentProgress key={paymentId} paymentId={paymentId} onRetry={onRetry} onSuccessful={onSuccessful} after={afterSuccess} />
    );
  }
  if (overview.isPending) return <ListLoading label={t('loading')} rows={4} />;
  if (overview.isError) {
    return (
      <ListError
        title={t('loadError')}
        message={overview.error.message}
        retryLabel={t('retry')}
        onRetry={() => void overview.refetch()}
      />
    );
  }

  const data = overview.data;
  const formOpen = !data.premium || renewing;
  const initial = draft ?? initialPaymentValues(data.plans[0]?.id ?? 'monthly', data.phone);

  return (
    <div
      className={formOpen ? 'grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start lg:gap-6' : 'mx-auto max-w-3xl'}
    >
      <div className="space-y-4">
        <Card title={t('statusTitle')} testId="premium-status">
          {data.premium ? (
            <p className="font-semibold text-emerald-800" data-testid="premium-state" data-premium="true">
              {data.premiumUntil
                ? t('premiumUntil', { date: formatDate(data.premiumUntil, { dateStyle: 'long' }) })
                : t('premiumForever')}
            </p>
          ) : (
            <>
              <p className="font-semibold text-slate-900" data-testid="premium-state" data-premium="false">
                {t('freemium')}
              </p>
              <p className="mt-1 text-sm text-slate-600">{t('freemiumHint')}</p>
            </>
          )}
          {data.credit > 0 ? (
            <p className="mt-2 text-sm text-emerald-800" data-testid="credit-available">
              {t('creditAvailable', { amount: formatFcfa(data.credit) })}
            </p>
          ) : null}
          {data.premium && !renewing ? (
            <Button className="mt-4 w-full sm:w-auto" onClick={() => setRenewing(true)}>
              {t('renew')}
            </Button>
          ) : null}
        </Card>
        <Card title={t('unlocksTitle')}>
          <PremiumUnlocks testId="premium-unlocks" />
        </Card>
      </div>
      {formOpen ? (
        <PaymentForm
          overview={data}
          initial={initial}
          renewing={data.premium}
          onStarted={onStarted}
          onCancel={data.premium ? () => setRenewing(false) : undefined}
        />
      ) : null}
    </div>
  );
}
