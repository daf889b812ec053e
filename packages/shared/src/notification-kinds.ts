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
] as const;
export type UserNotificationKind = (typeof USER_NOTIFICATION_KINDS)[number];

/** The kinds gathered in one unread notification per event ('Paul et 3 autres personnes…'). */
export const GATHERED_KINDS = ['participant_joined', 'event_comment'] as const satisfies readonly UserNotificationKind[];

export const USER_NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell says '99+' beyond this. */
export const UNREAD_COUNT_CAP = 99;
