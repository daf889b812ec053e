import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common';

/*
 * The outbox's dead letters (issue 29, decision 066): every e-mail, SMS and push goes through
 * `outbound_messages` and is retried; one that failed for good ('failed': 20 attempts, or refused
 * for good) is listed for the team in 'Messagerie' › 'Envois en échec' (`manage_chats`), to send
 * again ('Renvoyer') or to delete ('Supprimer'), both audited.
 */

export const OUTBOX_CHANNELS = ['email', 'sms', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * Why a message failed, told from its last error: the provider refused it or never answered
 * (`provider`), its number is outside the SMS countries (`sms_country`), push notifications were
 * turned off by the team (`push_off`), its device unsubscribed or was removed (`device_gone`: it
 * can no longer be sent), its device's address is not https (`push_http`).
 */
export const OUTBOX_FAILURE_REASONS = ['provider', 'sms_country', 'push_off', 'device_gone', 'push_http'] as const;
export type OutboxFailureReason = (typeof OUTBOX_FAILURE_REASONS)[number];

export const OUTBOX_MESSAGES = {
  notFound: 'Envoi introuvable',
  notFailed: 'Ce message n’est plus en échec : il a déjà été renvoyé ou supprimé',
  deviceGone: 'Cet appareil n’est plus abonné aux notifications : ce message ne peut plus être envoyé',
  retried: 'Le message repart : il sera envoyé dans la minute',
  nothingToRetry: 'Aucun message à renvoyer',
  deleted: 'Message supprimé : il ne sera pas envoyé',
  unknownChannel: 'Canal inconnu (email, sms ou push)',
} as const;

/** 'Tout renvoyer': how many went back to the queue (English form by a pattern of i18n.ts). */
export function retriedAllMessage(count: number): string {
  return `${count} message(s) renvoyé(s) : ils partiront dans les prochaines minutes`;
}

/** At most this many dead letters go back to the queue per 'Tout renvoyer' (one short statement). */
export const OUTBOX_RETRY_ALL_MAX = 1000;

const channelSchema = z.enum(OUTBOX_CHANNELS, { message: OUTBOX_MESSAGES.unknownChannel });

/** `GET /api/admin/outbox/failed`: 10 a page, the latest failure first; a channel, a search by recipient. */
export const failedMessagesQuerySchema = pageQuerySchema.extend({
  channel: channelSchema.optional(),
  /** The recipient's e-mail or phone (any written form), or the name of the account it belongs to. */
  search: z.string().trim().max(100).optional(),
});
export type FailedMessagesQuery = z.infer<typeof failedMessagesQuerySchema>;

export const failedMessageSchema = z.object({
  _id: z.uuid(),
  channel: z.enum(OUTBOX_CHANNELS),
  /** The e-mail address or the E.164 number; null for a push (it goes to a device). */
  recipient: z.string().nullable(),
  /** The account the recipient belongs to (its e-mail or phone, or the device's owner), when known. */
  person: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** A push's device as its owner named it ('Chrome sur Android'); null otherwise. */
  device: z.string().nullable(),
  /** The subject, or the first words (a push: its title and sentence), one-time codes and link secrets hidden. */
  preview: z.string(),
  attempts: z.number().int(),
  reason: z.enum(OUTBOX_FAILURE_REASONS),
  /** The last error as the provider gave it (one line, secrets hidden); null when none was kept. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it was marked failed; null for a message that failed before this was kept. */
  failedAt: z.string().nullable(),
  /** False when it can no longer be sent (a push whose device is gone): 'Supprimer' only. */
  canRetry: z.boolean(),
});
export type FailedMessage = z.infer<typeof failedMessageSchema>;

export const failedMessagesPageSchema = pageOf(failedMessageSchema);
export type FailedMessagesPage = z.infer<typeof failedMessagesPageSchema>;

/** The outbox at a glance: exact up to 1,000 each, the planner's estimate beyond. */
export const outboxSummarySchema = z.object({
  /** Waiting to leave: queued, held for the quiet hours, or between two attempts. */
  pending: z.number().int().min(0),
  /** Of those, the ones whose earlier attempt failed: the provider is failing now. */
  retrying: z.number().int().min(0),
  /** Failed for good: the dead letters. */
  failed: z.number().int().min(0),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

/** `POST /api/admin/outbox/failed/retry`: every dead letter (of one channel), up to OUTBOX_RETRY_ALL_MAX. */
export const retryAllFailedSchema = z.strictObject({ channel: channelSchema.optional() });
export type RetryAllFailedInput = z.infer<typeof retryAllFailedSchema>;

/** What 'Renvoyer', 'Tout renvoyer' and 'Supprimer' answer: what was done, how many, and the summary after it. */
export const outboxActionResponseSchema = z.object({
  message: z.string(),
  count: z.number().int().min(0),
  summary: outboxSummarySchema,
});
export type OutboxActionResponse = z.infer<typeof outboxActionResponseSchema>;
