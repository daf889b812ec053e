import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { accountShellMessages } from '../../../features/account-shell/messages';
import { DoorEvents } from '../../../features/check-in/components/door-events';
import { paths } from '../../../config/paths';
import { useMyReferral } from '../../../features/referrals/api/get-my-referral';
import { PremiumCard } from '../../../features/premium/components/premium-card';
import { MyAccount } from '../../../features/referrals/components/my-account';
import { referralMessages } from '../../../features/referrals/messages';
import { Button, buttonClass } from '../../../components/ui/button';
import { signOut } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';

/** /mon-compte: any signed-in account; where accounts that are not validated administrators land after sign-in. */
export function MyAccountPage() {
  const t = useT(referralMessages);
  const tShell = useT(accountShellMessages);
  const queryClient = useQueryClient();
  const me = useMyReferral();

  const user = me.data?.user;
  const backOffice = user && (user.role === 'superadmin' || (user.role === 'admin' && !user.adminPending));
  const onLogout = async () => {
    await signOut(queryClient);
    window.location.assign(paths.landing);
  };

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{t('accountTitle')}</h1>
      {/* First: on the event's day, a door helper opens the door from here. */}
      <DoorEvents />
      {user ? <PremiumCard plan={user.plan} premiumUntil={user.premiumUntil} /> : null}
      <MyAccount
        actions={
          <>
            <Link to={paths.organiser.events} className={buttonClass('primary', 'md')}>
              {tShell('myEvents')}
            </Link>
            <Link to={paths.campaigns} className={buttonClass('secondary', 'md')}>
              {tShell('myCampaigns')}
            </Link>
            {backOffice ? (
              <a href={paths.admin.root} className={buttonClass('primary', 'md')}>
                {t('backOffice')}
              </a>
            ) : null}
            <Button variant="secondary" onClick={onLogout}>
              {t('logout')}
            </Button>
          </>
        }
      />
    </div>
  );
}
