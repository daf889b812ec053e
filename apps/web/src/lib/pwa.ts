import { useSyncExternalStore } from 'react';
import { ACCOUNT_API_CACHE, ASSETS_CACHE, SERVICE_WORKER_SCOPE } from '../config/pwa';

/** The service worker keeps the app shell and the account's last answers for reading offline (decision 042). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: SERVICE_WORKER_SCOPE })
      .then(() => navigator.serviceWorker.ready)
      .then(keepLoadedAssets)
      .catch(() => {
        // No service worker (private mode, old browser): the app works online as before.
      });
  });
}

/**
 * The screen's chunks were loaded before the service worker was there to keep them: they are put
 * in its cache now (from the browser's HTTP cache, no download), so this screen opens offline too.
 */
async function keepLoadedAssets(): Promise<void> {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
  const cache = await window.caches.open(ASSETS_CACHE);
  await Promise.all(urls.map(async (url) => (await cache.match(url)) ?? cache.add(url)));
}

/**
 * Another person may sign in on this phone: the previous account's answers must not show offline,
 * nor its notifications arrive here.
 */
export function dropAccountCaches(): void {
  if (typeof window === 'undefined') return;
  dropSentDoorRecords();
  dropDevicePush();
  if (!('caches' in window)) return;
  void window.caches.delete(ACCOUNT_API_CACHE).catch(() => undefined);
}

/**
 * The door's lists kept in IndexedDB (`door:<eventId>`, features/check-in/door-store.ts) hold
 * participants' names: they go with the session, except a door whose scans still wait to be sent
 * (decision 047).
 */
function dropSentDoorRecords(): void {
  if (!('indexedDB' in window)) return;
  void import('idb-keyval')
    .then(async ({ entries, del }) => {
      for (const [key, value] of await entries()) {
        if (typeof key !== 'string' || !key.startsWith('door:')) continue;
        const scans = (value as { scans?: { server: unknown }[] } | undefined)?.scans ?? [];
        if (!scans.some((scan) => scan.server === null)) await del(key);
      }
    })
    .catch(() => undefined);
}

/**
 * Ends this browser's push subscription (decision 062): its push service then answers 410 to the
 * server's next push, and the server forgets the device. The next account turns push on again.
 */
function dropDevicePush(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration(SERVICE_WORKER_SCOPE)
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network connection (`navigator.onLine`), kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
