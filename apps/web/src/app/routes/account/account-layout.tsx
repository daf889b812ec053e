import { Navigate, Outlet } from 'react-router';
import { AccountShell } from '../../../features/account-shell/components/account-shell';
import { MessagesLink } from '../../../features/messages/components/messages-link';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { hasSession, signInHere, useSignInOnUnauthorized } from '../../../lib/auth';
import { useRealtimeUpdates } from '../../../lib/realtime';

/**
 * `/mon-compte` and every screen under it: signed-in accounts only. Without a session, or when the
 * session is refused (401), the sign-in page, asked to come back here.
 */
export function AccountLayout() {
  useSignInOnUnauthorized();
  if (!hasSession()) return <Navigate to={signInHere()} replace />;
  return <SignedInAccount />;
}

function SignedInAccount() {
  useRealtimeUpdates();
  return (
    <AccountShell
      bell={
        <>
          <MessagesLink />
          <NotificationBell />
        </>
      }
    >
      <Outlet />
    </AccountShell>
  );
}
