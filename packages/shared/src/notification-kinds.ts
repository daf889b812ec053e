import { DOUALA_OFFSET_MS } from './douala-time';

/*
 * The kinds of a person's notifications and their limits (decision 060), without zod: the account
 * space's bell reads them in its first chunk.
 */

export const USER_NOTIFICATION_KINDS = [
  /** An event I joined is cancelled (with the organiser's message). */
  'event_cancelled',
  /** An event I joined moved to another date or place. */
  'event_moved',
  /** People joined my event (gathered while unread). */
  'participant_joined',
  /** People commented on my event (gathered while unread). */
  'event_comment',
  /** An event I joined starts tomorrow. */
  'event_reminder_day',
  /** An event I joined starts within two hours. */
  'event_reminder_soon',
  /** My payment succeeded: premium until… */
  'payment_succeeded',
  /** My premium ends within a few days. */
  'premium_ending',
  /** A referral reward was granted to me. */
  'reward_granted',
  /** The team answered my message to support. */
  'support_reply',
  /** The organiser of an event I joined wrote to its participants. */
  'event_announcement',
  /** My ad campaign was paid, approved, refused, suspended or stopped ('Publicités'). */
  'campaign_update',
] as const;
export type UserNotificationKind = (typeof USER_NOTIFICATION_KINDS)[number];

/** The kinds gathered in one unread notification per event ('Paul et 3 autres personnes…'). */
export const GATHERED_KINDS = ['participant_joined', 'event_comment'] as const satisfies readonly UserNotificationKind[];

export const USER_NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell says '99+' beyond this. */
export const UNREAD_COUNT_CAP = 99;

/** The channels besides the app (which always shows every notification). */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The channels each kind may also go by, which a person may turn off one by one (decisions 061,
 * 062). SMS only for what cannot wait, and the premium's end; Web Push for every kind, on the
 * devices where the person turned it on.
 */
export const CHANNELS_OF: Record<UserNotificationKind, readonly NotificationChannel[]> = {
  event_cancelled: ['email', 'sms', 'push'],
  event_moved: ['email', 'sms', 'push'],
  participant_joined: ['push'],
  event_comment: ['push'],
  event_reminder_day: ['email', 'push'],
  event_reminder_soon: ['push'],
  payment_succeeded: ['push'],
  premium_ending: ['email', 'sms', 'push'],
  reward_granted: ['push'],
  support_reply: ['push'],
  event_announcement: ['email', 'push'],
  campaign_update: ['push'],
};

/** No SMS nor push between these Douala hours (22:00–07:00): they wait for 07:00, except a cancellation's, sent at once. */
export const QUIET_HOURS = { from: 22, to: 7 } as const;
const HOUR_MS = 3_600_000;

/** The end of the quiet hours `at` falls in (07:00 Douala), or null outside them. */
export function quietHoursEnd(at: Date): Date | null {
  const douala = new Date(at.getTime() + DOUALA_OFFSET_MS);
  const hour = douala.getUTCHours();
  if (hour >= QUIET_HOURS.to && hour < QUIET_HOURS.from) return null;
  const end = Date.UTC(douala.getUTCFullYear(), douala.getUTCMonth(), douala.getUTCDate(), QUIET_HOURS.to) - DOUALA_OFFSET_MS;
  return new Date(hour >= QUIET_HOURS.from ? end + 24 * HOUR_MS : end);
}
