import { PAYMENT_PURPOSE_LABELS } from '@app/shared/payments';
import type { ReactNode } from 'react';
import { PaymentProgress as MobileMoneyProgress } from '../../../components/payment/payment-progress';
import { Alert } from '../../../components/ui/alert';
import { formatDate } from '../../../lib/format';
import { localize, useLanguage, useT } from '../../../lib/i18n';
import { premiumMessages } from '../messages';
import { PremiumUnlocks } from './premium-unlocks';

/**
 * Premium's payment after 'Payer' (the shared Mobile Money progress, decision 053): its summary
 * names the plan, its success says until when the account is premium and what it unlocks.
 */
export function PaymentProgress({
  paymentId,
  onRetry,
  onSuccessful,
  after,
}: {
  paymentId: string;
  onRetry: () => void;
  onSuccessful: () => void;
  /** The links under a success (the route composes them). */
  after: ReactNode;
}) {
  const t = useT(premiumMessages);
  const language = useLanguage();
  return (
    <MobileMoneyProgress
      paymentId={paymentId}
      onRetry={onRetry}
      onSuccessful={onSuccessful}
      summaryRows={(payment) => [[t('planLabel'), localize(PAYMENT_PURPOSE_LABELS[payment.plan], language)]]}
      success={(payment) => (
        <>
          <Alert tone="success">
            <p className="text-base font-semibold">
              {payment.premiumUntil
                ? t('successUntil', { date: formatDate(payment.premiumUntil, { dateStyle: 'long' }) })
                : t('premiumForever')}
            </p>
          </Alert>
          <p className="font-medium text-slate-900">{t('successUnlocked')}</p>
          <PremiumUnlocks />
        </>
      )}
      after={after}
      words={{ statusUnknown: t('statusUnknown'), cancelledLate: t('cancelledLate'), back: t('backToPremium') }}
    />
  );
}
