import type { PushPayload } from '@app/shared/push';
import { LOOPBACK_HTTP } from '@app/shared/push';
import webPush from 'web-push';
import type { Database } from '../../db/client';
import { deleteSubscription, findSubscription, markSubscriptionUsed } from './push-subscriptions.repository';
import type { VapidKeys } from './vapid-keys';

/** What became of one push: sent, or refused for good (the outbox marks it failed, never retried). A send to retry throws. */
export type PushOutcome = { sent: true } | { sent: false; finalError: string };

/** Sends the outbox's pushes (channel 'push': recipient = the subscription's id, text = the JSON payload). */
export interface PushSender {
  send(message: { recipient: string; text: string }): Promise<PushOutcome>;
}

const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is off: a day; a reminder two hours before, two hours. */
const TTL_SECONDS = 24 * 3600;
const SOON_TTL_SECONDS = 2 * 3600;

export const PUSH_REFUSED = {
  off: 'refused: push notifications are turned off by the team',
  unknown: 'refused: the subscription was removed',
  http: 'refused: the subscription is not https',
} as const;

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) with web-push, then posts with
 * fetch: the same request `webPush.sendNotification` makes, which speaks https only and so could
 * not reach a test's local push service. A device's push service answering 404 or 410 has
 * forgotten it: its subscription is deleted.
 */
export function createPushSender(deps: {
  db: Database;
  vapid: VapidKeys;
  /** The team's 'Notifications push' setting, read before every send. */
  enabled: () => Promise<boolean>;
  /** Plain HTTP to 127.0.0.1 / localhost (tests), never in production. */
  allowLoopbackHttp: boolean;
}): PushSender {
  return {
    async send(message) {
      if (!(await deps.enabled())) return { sent: false, finalError: PUSH_REFUSED.off };
      const subscription = await findSubscription(deps.db, message.recipient);
      if (!subscription) return { sent: false, finalError: PUSH_REFUSED.unknown };
      const https = subscription.endpoint.startsWith('https://');
      if (!https && !(deps.allowLoopbackHttp && LOOPBACK_HTTP.test(subscription.endpoint))) {
        return { sent: false, finalError: PUSH_REFUSED.http };
      }
      const payload = JSON.parse(message.text) as PushPayload;
      const request = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        message.text,
        {
          vapidDetails: deps.vapid,
          contentEncoding: 'aes128gcm',
          TTL: payload.kind === 'event_reminder_soon' ? SOON_TTL_SECONDS : TTL_SECONDS,
          urgency: payload.kind === 'event_cancelled' || payload.kind === 'event_reminder_soon' ? 'high' : 'normal',
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) {
        await markSubscriptionUsed(deps.db, subscription.id);
        return { sent: true };
      }
      if (response.status === 404 || response.status === 410) {
        await deleteSubscription(deps.db, subscription.id);
        return { sent: false, finalError: `gone: the push service answered ${response.status}; subscription deleted` };
      }
      throw new Error(`the push service answered ${response.status}`);
    },
  };
}
