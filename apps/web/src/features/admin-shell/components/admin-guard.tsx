import { ADMIN_ROLES } from '@app/shared/permissions';
import type { ReactNode } from 'react';
import { signInPath } from '@app/shared/next-path';
import { Navigate, useLocation } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { hasSession, useMe, useSignInOnUnauthorized } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { AdminUserContext } from '../hooks/use-admin-user';
import { shellMessages } from '../messages';

/**
 * Checks the session before any back-office screen: a loading text meanwhile, /GetStarted when
 * not signed in (with `?next=` this screen), the 'Erreur' screen when the check fails otherwise. Any later 401 of a
 * back-office call (the session was revoked or expired) also leads to /GetStarted.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const t = useT(shellMessages);
  const signedIn = hasSession();
  const me = useMe();
  const location = useLocation();
  useSignInOnUnauthorized();
  // Signed in, the person comes back to the screen they asked for (decision 026).
  const signIn = signInPath(`${location.pathname}${location.search}${location.hash}`);

  if (!signedIn) return <Navigate to={signIn} replace />;
  if (me.isPending) {
    return (
      <p role="status" className="p-6 text-slate-600">
        {t('checking')}
      </p>
    );
  }
  if (me.isError) {
    if (me.error instanceof ApiRequestError && me.error.status === 401) return <Navigate to={signIn} replace />;
    return (
      <div role="alert" className="mx-auto max-w-lg p-6">
        <h1 className="text-2xl font-bold text-red-700">{t('errorTitle')}</h1>
        <p className="mt-2 text-slate-800">{me.error.message}</p>
        <Button className="mt-4" onClick={() => me.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const user = me.data.user;
  if (!ADMIN_ROLES.includes(user.role)) {
    return (
      <div className="mx-auto max-w-lg p-6">
        <h1 className="text-2xl font-bold">{t('notAdminTitle')}</h1>
        <p className="mt-2 text-slate-700">{t('notAdminText')}</p>
        <a href="/" className={buttonClass('secondary', 'md', 'mt-4')}>
          {t('goHome')}
        </a>
      </div>
    );
  }
  return <AdminUserContext.Provider value={user}>{children}</AdminUserContext.Provider>;
}
