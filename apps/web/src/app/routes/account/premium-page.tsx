import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { eventStatsKeys } from '../../../features/event-stats/api/keys';
import { PremiumScreen } from '../../../features/premium/components/premium-screen';
import { premiumMessages } from '../../../features/premium/messages';
import { referralKeys } from '../../../features/referrals/api/keys';
import { useT } from '../../../lib/i18n';

const PAYMENT_PARAM = 'paiement';

/**
 * /mon-compte/premium: the plans, what premium unlocks, and the payment with Mobile Money
 * (issue 28). The payment being followed is in the address (`?paiement=id`): a reload or the
 * back button keeps the person where they were.
 */
export function PremiumPage() {
  const t = useT(premiumMessages);
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const paymentId = search.get(PAYMENT_PARAM);

  useEffect(() => {
    document.title = `${t('title')} · Évènements Cameroun`;
  }, [t]);

  const onPaymentStarted = useCallback(
    (id: string, options?: { replace?: boolean }) => setSearch({ [PAYMENT_PARAM]: id }, { replace: options?.replace }),
    [setSearch],
  );
  const onLeavePayment = useCallback(() => setSearch({}), [setSearch]);
  // Premium shows on 'Mon compte' (the account's plan) and unlocks the statistics' detail.
  const onPaid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['me'] });
    void queryClient.invalidateQueries({ queryKey: referralKeys.all });
    void queryClient.invalidateQueries({ queryKey: eventStatsKeys.all });
  }, [queryClient]);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        {paymentId ? null : <p className="mt-1 text-slate-700">{t('intro')}</p>}
      </header>
      <PremiumScreen
        paymentId={paymentId}
        onPaymentStarted={onPaymentStarted}
        onLeavePayment={onLeavePayment}
        onPaid={onPaid}
        afterSuccess={
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to={paths.organiser.events} className={buttonClass('primary', 'md')}>
              {t('myEvents')}
            </Link>
            <Link to={paths.premium} className={buttonClass('secondary', 'md')}>
              {t('backToPremium')}
            </Link>
          </div>
        }
      />
    </div>
  );
}
