import { isPremiumActive } from '@app/shared/premium';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { premiumMessages } from '../messages';

/** 'Mon compte's card for Premium: where the account stands, and the way to the Premium page. */
export function PremiumCard({
  plan,
  premiumUntil,
}: {
  plan: string | null | undefined;
  premiumUntil: string | null | undefined;
}) {
  const t = useT(premiumMessages);
  const premium = isPremiumActive(plan, premiumUntil);
  return (
    <section
      aria-label={t('title')}
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      data-testid="premium-card"
    >
      <div>
        <p className="font-semibold text-slate-900">
          {premium
            ? premiumUntil
              ? t('premiumUntil', { date: formatDate(premiumUntil, { dateStyle: 'long' }) })
              : t('premiumForever')
            : t('freemium')}
        </p>
        {premium ? null : <p className="mt-1 text-sm text-slate-700">{t('cardHint')}</p>}
      </div>
      <Link to={paths.premium} className={buttonClass('primary', 'md', 'shrink-0')}>
        {premium ? t('renew') : t('formTitle')}
      </Link>
    </section>
  );
}
