/*
 * Web Push (decision 062), imported by the service worker (sw.js, vite.config.ts): shows what the
 * server pushed, and opens its page when it is touched.
 */
const FALLBACK_URL = '/mon-compte/notifications';

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Évènements Cameroun', {
      body: payload.body || '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'fr',
      // A gathered notification's next push takes the place of the one shown.
      tag: payload.tag || undefined,
      renotify: Boolean(payload.tag),
      data: { url: payload.url || FALLBACK_URL },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || FALLBACK_URL, self.location.origin);
  // Only this site's pages.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target.href);
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    }),
  );
});
