import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useMyReferral } from '../../../features/referrals/api/get-my-referral';
import { MyAccount } from '../../../features/referrals/components/my-account';
import { referralMessages } from '../../../features/referrals/messages';
import { HomeLink, SiteBar } from '../../../components/layouts/site-bar';
import { Button, buttonClass } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { hasSession, signOut, useSignInOnUnauthorized } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';

/** /mon-compte: any signed-in account; where accounts that are not validated administrators land after sign-in. */
export function MyAccountPage() {
  const t = useT(referralMessages);
  const queryClient = useQueryClient();
  const me = useMyReferral();
  useSignInOnUnauthorized();

  if (!hasSession()) return <Navigate to={paths.signIn} replace />;
  if (me.error instanceof ApiRequestError && me.error.status === 401) return <Navigate to={paths.signIn} replace />;

  const user = me.data?.user;
  const backOffice = user && (user.role === 'superadmin' || (user.role === 'admin' && !user.adminPending));
  const onLogout = async () => {
    await signOut(queryClient);
    window.location.assign(paths.landing);
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <SiteBar className="max-w-3xl gap-3">
        <HomeLink>{t('home')}</HomeLink>
      </SiteBar>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
        <h1 className="mb-6 text-2xl font-bold text-slate-900">{t('accountTitle')}</h1>
        <MyAccount
          actions={
            <>
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
      </main>
    </div>
  );
}
