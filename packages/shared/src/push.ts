import { z } from 'zod';
import type { UserNotificationKind } from './notification-kinds';

/*
 * Web Push (decision 062): a device's browser subscribes with the server's VAPID public key and
 * gives its push service's address and its encryption keys; the server sends each notification,
 * encrypted (RFC 8291), to every device the person turned on.
 */

export const PUSH_MESSAGES = {
  saved: 'Notifications activées sur cet appareil',
  removed: 'Notifications désactivées sur cet appareil',
  notFound: 'Abonnement introuvable',
  httpsOnly: 'L’adresse d’abonnement doit commencer par https://',
  badEndpoint: 'Adresse d’abonnement invalide',
  badP256dh: 'Clé de chiffrement invalide (p256dh : un point P-256 de 65 octets en base64url)',
  badAuth: 'Secret d’authentification invalide (auth : 16 octets en base64url)',
} as const;

/** A loopback address over plain HTTP: a test's push service, refused in production. */
export const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

const endpointSchema = z
  .url({ message: PUSH_MESSAGES.badEndpoint })
  .max(1000, { message: PUSH_MESSAGES.badEndpoint })
  .refine((value) => value.startsWith('https://') || LOOPBACK_HTTP.test(value), { message: PUSH_MESSAGES.httpsOnly });

export const pushSubscriptionSchema = z.strictObject({
  endpoint: endpointSchema,
  keys: z.strictObject({
    // An uncompressed P-256 point (0x04, x, y): 65 bytes, 87 characters, 'B' first.
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, { message: PUSH_MESSAGES.badP256dh }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, { message: PUSH_MESSAGES.badAuth }),
  }),
  /** Names the device in the person's list ('Chrome sur Android'); the browser's user agent when absent. */
  label: z.string().trim().max(120).optional(),
  /** `PushSubscription.toJSON()` also gives this (always null in practice). */
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const deletePushSubscriptionSchema = z.strictObject({ endpoint: endpointSchema });

export const pushPublicKeyResponseSchema = z.object({
  /** The team's 'Notifications push' setting: off, no device may subscribe and nothing is sent. */
  enabled: z.boolean(),
  /** The VAPID public key (base64url, 65 bytes), the `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof pushPublicKeyResponseSchema>;

export const pushSubscriptionSavedSchema = z.object({ message: z.string(), _id: z.uuid() });
export const pushSubscriptionRemovedSchema = z.object({ message: z.string() });

/** What the service worker receives, decrypted: it shows `title` and `body`, and opens `url` when touched. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site. */
  url: string;
  /** A later notification with the same tag replaces the shown one (a gathered notification's). */
  tag: string;
  kind: UserNotificationKind;
}

/** The notification's title on the phone, in French (the sentence is its body). */
export const PUSH_TITLES: Record<UserNotificationKind, string> = {
  event_cancelled: 'Évènement annulé',
  event_moved: 'Évènement modifié',
  participant_joined: 'Nouveaux participants',
  event_comment: 'Nouveau commentaire',
  event_reminder_day: 'C’est demain',
  event_reminder_soon: 'Ça commence bientôt',
  payment_succeeded: 'Paiement reçu',
  premium_ending: 'Fin de votre Premium',
  reward_granted: 'Récompense accordée',
  support_reply: 'Réponse de l’équipe',
  event_announcement: 'Annonce de l’organisateur',
  campaign_update: 'Votre publicité',
};
