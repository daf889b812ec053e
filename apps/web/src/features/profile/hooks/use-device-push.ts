import type { PushSubscriptionInput } from '@app/shared/push';
import { useCallback, useEffect, useState } from 'react';
import { SERVICE_WORKER_SCOPE } from '../../../config/pwa';
import { ApiRequestError } from '../../../lib/api-client';
import { deletePushSubscription, savePushSubscription, usePushPublicKey } from '../api/push';
import { deviceName } from '../device-name';

/**
 * Push on this device (decision 062): `unsupported` (no service worker or no Push API here),
 * `team-off` (the team's setting), `denied` (the person refused notifications to this site),
 * `off` / `on` (this browser's subscription), `loading` while it is read, `unavailable` when the
 * server could not be asked.
 */
export type DevicePushState = 'loading' | 'unavailable' | 'unsupported' | 'team-off' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** The service worker of the account space, or null when none is installed (development, private mode). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE)) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** What the server keeps of this browser's subscription, named after this device ('Chrome · Android'). */
function subscriptionBody(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, keys } = subscription.toJSON() as PushSubscriptionInput;
  const name = deviceName(navigator.userAgent);
  return { endpoint, keys, label: name ? `${name.browser} · ${name.system}` : undefined };
}

/** The state of push on this device, and turning it on (asks permission, subscribes, tells the server) or off. */
export function useDevicePush() {
  const publicKey = usePushPublicKey();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [permission, setPermission] = useState<NotificationPermission | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = pushSupported();

  const key = publicKey.data;
  useEffect(() => {
    if (!supported || !key) return;
    setPermission(Notification.permission);
    let live = true;
    registration()
      .then((found) => found?.pushManager.getSubscription() ?? null)
      .then(async (subscription) => {
        if (subscription && key.enabled) {
          const subscribedWith = subscription.options.applicationServerKey;
          if (subscribedWith && base64url(subscribedWith) !== key.publicKey) {
            // Made with keys the server no longer has: its pushes could not be sent.
            await subscription.unsubscribe();
            return null;
          }
          // Told again at each visit, so the server's list matches what this browser says.
          void savePushSubscription(subscriptionBody(subscription)).catch(() => undefined);
        }
        return subscription;
      })
      .then((subscription) => live && setSubscribed(subscription !== null))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [supported, key]);

  let state: DevicePushState;
  if (!supported) state = 'unsupported';
  else if (publicKey.isError) state = 'unavailable';
  else if (!key || subscribed === null) state = 'loading';
  else if (!key.enabled) state = 'team-off';
  else if (permission === 'denied') state = 'denied';
  else state = subscribed ? 'on' : 'off';

  const turnOn = useCallback(
    async (messages: { failed: string; noWorker: string }): Promise<boolean> => {
      if (!publicKey.data?.enabled) return false;
      setBusy(true);
      setError(null);
      try {
        const answer = await Notification.requestPermission();
        setPermission(answer);
        if (answer !== 'granted') return false;
        const worker = await registration();
        if (!worker) {
          setError(messages.noWorker);
          return false;
        }
        const subscription = await worker.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey.data.publicKey),
        });
        await savePushSubscription(subscriptionBody(subscription));
        setSubscribed(true);
        return true;
      } catch (caught) {
        setError(caught instanceof ApiRequestError ? caught.message : messages.failed);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [publicKey.data],
  );

  const turnOff = useCallback(async (messages: { failed: string }): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint).catch((caught: unknown) => {
          // Already forgotten by the server (another account's sign-in took it): nothing to undo.
          if (!(caught instanceof ApiRequestError && caught.status === 404)) throw caught;
        });
        await subscription.unsubscribe();
      }
      setSubscribed(false);
      return true;
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : messages.failed);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, error, turnOn, turnOff, teamOn: publicKey.data?.enabled === true };
}
