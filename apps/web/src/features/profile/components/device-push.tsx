import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import type { DevicePushState, useDevicePush } from '../hooks/use-device-push';
import { notificationPreferencesMessages } from '../notification-preferences-messages';

const SENTENCE = {
  loading: 'device.loading',
  unavailable: 'device.unavailable',
  unsupported: 'device.unsupported',
  'team-off': 'device.teamOff',
  denied: 'device.denied',
  off: 'device.off',
  on: 'device.on',
} as const satisfies Record<DevicePushState, string>;

/** 'Notifications sur ce téléphone' (decision 062): push on or off for this device, or why it cannot be. */
export function DevicePush({ push }: { push: ReturnType<typeof useDevicePush> }) {
  const t = useT(notificationPreferencesMessages);
  const { state, busy, error } = push;
  const toggle = async () => {
    const done =
      state === 'on'
        ? await push.turnOff({ failed: t('device.failed') })
        : await push.turnOn({ failed: t('device.failed'), noWorker: t('device.noWorker') });
    if (done) toast.success(t(state === 'on' ? 'device.turnedOff' : 'device.turnedOn'));
  };
  return (
    <fieldset className="mb-4 rounded-lg border border-slate-200 p-4" data-push-state={state}>
      <legend className="float-left w-full text-sm font-semibold text-slate-900">{t('device.title')}</legend>
      <p className="mt-1 clear-left text-sm text-slate-700" aria-live="polite">
        {t(SENTENCE[state])}
      </p>
      {error ? <Alert className="mt-3">{error}</Alert> : null}
      {state === 'off' || state === 'on' ? (
        <Button className="mt-3" variant={state === 'on' ? 'secondary' : 'primary'} disabled={busy} onClick={toggle}>
          {busy ? t('device.busy') : t(state === 'on' ? 'device.turnOff' : 'device.turnOn')}
        </Button>
      ) : null}
    </fieldset>
  );
}
