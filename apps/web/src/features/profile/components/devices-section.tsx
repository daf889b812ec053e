import type { AccountSession } from '@app/shared/account';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { signOut } from '../../../lib/auth';
import { formatLongDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session';
import { revokeAllSessions, revokeSession, useSessions } from '../api/devices';
import { profileKeys } from '../api/keys';
import { deviceName } from '../device-name';
import { profileMessages } from '../messages';
import { ProfileSection } from './profile-section';

/**
 * 'Appareils connectés': the account's sessions with this device marked, 'Se déconnecter' on each
 * and 'Se déconnecter partout' (this device too, after a confirmation), decision 039.
 */
export function DevicesSection() {
  const t = useT(profileMessages);
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [everywhereError, setEverywhereError] = useState<string | null>(null);

  const label = (session: AccountSession) => {
    const name = deviceName(session.userAgent);
    return name ? t('deviceOn', { browser: name.browser, system: name.system }) : t('unknownDevice');
  };

  /** Leaves this device for the sign-in page, the session ended. */
  const leave = () => {
    clearSession();
    queryClient.clear();
    window.location.assign(paths.signIn);
  };

  const onSignOut = async (session: AccountSession) => {
    if (session.current) {
      await signOut(queryClient);
      window.location.assign(paths.signIn);
      return;
    }
    setPending(session.id);
    try {
      const answer = await revokeSession(session.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
    }
  };

  const onEverywhere = async () => {
    setPending('everywhere');
    setEverywhereError(null);
    try {
      await revokeAllSessions();
      leave();
    } catch (error) {
      setEverywhereError((error as Error).message);
      setPending(null);
    }
  };

  return (
    <ProfileSection title={t('devicesTitle')} hint={t('devicesHint')} id="appareils">
      {sessions.isPending ? (
        <ListLoading label={t('devicesLoading')} rows={2} />
      ) : sessions.isError ? (
        <ListError
          title={t('devicesLoadError')}
          message={sessions.error.message}
          retryLabel={t('retry')}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <ul aria-label={t('devicesList')} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {sessions.data.map((session) => (
              <li
                key={session.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                data-session={session.current ? 'current' : 'other'}
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {label(session)}
                    {session.current ? <Badge tone="green">{t('thisDevice')}</Badge> : null}
                  </p>
                  <p className="text-sm text-slate-700">{t('signedInOn', { date: formatLongDateTime(session.createdAt) })}</p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start sm:self-auto"
                  disabled={pending !== null}
                  aria-label={t('signOutDevice', { device: session.current ? t('thisDevice') : label(session) })}
                  onClick={() => void onSignOut(session)}
                >
                  {t('signOut')}
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)} disabled={pending !== null}>
            {t('signOutEverywhere')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('signOutEverywhereTitle')}
        message={t('signOutEverywhereConfirm')}
        confirmLabel={t('signOutEverywhere')}
        pending={pending === 'everywhere'}
        error={everywhereError}
        onConfirm={() => void onEverywhere()}
        onCancel={() => {
          setConfirming(false);
          setEverywhereError(null);
        }}
      />
    </ProfileSection>
  );
}
