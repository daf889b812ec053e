import type { UserNotificationKind } from '@app/shared/notification-kinds';
import type { NotificationPreference } from '@app/shared/user-notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { getLanguage, useT } from '../../../lib/i18n';
import { useNotificationPreferences, useSaveNotificationPreference } from '../api/notification-preferences';
import { useDevicePush } from '../hooks/use-device-push';
import { notificationPreferencesMessages } from '../notification-preferences-messages';
import { DevicePush } from './device-push';
import { ProfileSection } from './profile-section';

/** '22:00' as French writes it ('22 h'); as it is in English. */
const hourText = (value: string) => (getLanguage() === 'fr' ? `${Number(value.slice(0, 2))} h` : value);

/**
 * 'Notifications' (decisions 061, 062): push on this phone; per kind, the e-mail, SMS and push
 * boxes (push only while the team has it on), each saved as it is ticked.
 */
export function NotificationsSection() {
  const t = useT(notificationPreferencesMessages);
  const preferences = useNotificationPreferences();
  const push = useDevicePush();
  const save = useSaveNotificationPreference();
  // A ticked box shows its new state at once, until the server's answers (or refusal) replace them:
  // the cache holds each answer, so the boxes read it again when nothing is being saved.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (!save.isPending) setTicked({});
  }, [save.isPending]);
  const keyOf = (preference: Pick<NotificationPreference, 'kind' | 'channel'>) => `${preference.kind}:${preference.channel}`;
  const change = (preference: NotificationPreference) => {
    setTicked((current) => ({ ...current, [keyOf(preference)]: preference.enabled }));
    save.mutate(preference, { onSuccess: () => toast.success(t('saved')) });
  };

  let body: ReactNode;
  if (preferences.isPending) body = <ListLoading label={t('loading')} rows={3} />;
  else if (preferences.isError)
    body = (
      <ListError
        title={t('loadError')}
        message={preferences.error.message}
        retryLabel={t('retry')}
        onRetry={() => preferences.refetch()}
      />
    );
  else {
    const offered = preferences.data.preferences.filter((item) => item.channel !== 'push' || push.teamOn);
    const kinds: UserNotificationKind[] = [...new Set(offered.map((item) => item.kind))];
    body = (
      <>
        {save.isError ? <Alert className="mb-3">{save.error.message}</Alert> : null}
        <div className="divide-y divide-slate-100">
          {kinds.map((kind) => (
            <fieldset key={kind} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <legend className="float-left text-sm font-medium text-slate-800 sm:max-w-md">{t(`kind.${kind}`)}</legend>
              <div className="flex gap-5">
                {offered
                  .filter((item) => item.kind === kind)
                  .map((item) => (
                    <label key={item.channel} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700"
                        checked={ticked[keyOf(item)] ?? item.enabled}
                        onChange={(event) => change({ kind, channel: item.channel, enabled: event.target.checked })}
                      />
                      {t(item.channel)}
                    </label>
                  ))}
              </div>
            </fieldset>
          ))}
        </div>
        <p className="mt-3 text-sm text-slate-700">
          {t('quietHours', { from: hourText(preferences.data.quietHours.from), to: hourText(preferences.data.quietHours.to) })}
        </p>
      </>
    );
  }
  return (
    <ProfileSection id="notifications" title={t('title')} hint={t('intro')}>
      <DevicePush push={push} />
      {body}
    </ProfileSection>
  );
}
