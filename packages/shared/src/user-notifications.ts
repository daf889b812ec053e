import { z } from 'zod';
import type { MessageLanguage } from './i18n';
import { CHANNELS_OF, NOTIFICATION_CHANNELS, USER_NOTIFICATION_KINDS, type UserNotificationKind } from './notification-kinds';

/*
 * A person's notifications (issue 29, decision 060): what changed for them, stored and listed in
 * the app and through the API. The server keeps the facts of each (`data`, as they were when it
 * happened) and answers its sentence in the reader's language, so the web and the mobile app
 * show the same words.
 */

/** The facts a notification keeps, as they were when it was made (an event may change later). */
export interface UserNotificationData {
  eventTitle?: string;
  /** ISO time: the event's start (after a move: the new one). */
  startDateTime?: string;
  city?: string;
  address?: string;
  /** A move: where and when it was before. */
  previousStartDateTime?: string;
  previousCity?: string;
  previousAddress?: string;
  /** A cancellation: the organiser's message. */
  message?: string | null;
  /** The latest person who joined or commented (gathered kinds). */
  actorName?: string;
  /** A payment or a premium end: the end of premium (ISO time). */
  premiumUntil?: string | null;
  amount?: number;
  /** A reward: what it gives. */
  rewardType?: string;
  rewardValue?: number;
  /** An ad campaign: what happened to it (and `message`: the team's reason). */
  campaignOutcome?: 'paid' | 'approved' | 'refused' | 'suspended' | 'resumed' | 'stopped';
}

export const userNotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(500).default(1),
});

export const userNotificationSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(USER_NOTIFICATION_KINDS),
  /** The sentence, in the language of the request. */
  text: z.string(),
  /** Where it leads in the web app or on the public pages (a path of this site), or null. */
  link: z.string().nullable(),
  eventId: z.uuid().nullable(),
  /** How many people a gathered notification counts (1 otherwise). */
  count: z.number().int(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

export const userNotificationsResponseSchema = z.object({
  items: z.array(userNotificationSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** Unread notifications, counted up to UNREAD_COUNT_CAP + 1. */
  unread: z.number().int(),
});
export type UserNotificationsResponse = z.infer<typeof userNotificationsResponseSchema>;

export const unreadCountResponseSchema = z.object({ unread: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const markReadResponseSchema = z.object({ message: z.string(), unread: z.number().int() });

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification introuvable',
  read: 'Notification lue',
  allRead: 'Toutes les notifications sont lues',
} as const;

const dayNames: Record<MessageLanguage, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Douala', weekday: 'long', day: 'numeric', month: 'long' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Douala', weekday: 'long', day: 'numeric', month: 'long' }),
};
const dayFormats: Record<MessageLanguage, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Douala', day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Douala', day: 'numeric', month: 'long', year: 'numeric' }),
};
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Douala',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '18 h', '18 h 05' in French (as the public pages write it); '18:05' in English; Douala time. */
function timeOf(iso: string | undefined, language: MessageLanguage): string {
  if (!iso) return '';
  const [hours = '', minutes = ''] = clock.format(new Date(iso)).split(':');
  if (language === 'en') return `${hours}:${minutes}`;
  return minutes === '00' ? `${Number(hours)} h` : `${Number(hours)} h ${minutes}`;
}

/** 'samedi 21 novembre à 20 h' / 'Saturday 21 November at 20:00'. */
const when = (iso: string | undefined, language: MessageLanguage) =>
  iso ? `${dayNames[language].format(new Date(iso))} ${language === 'en' ? 'at' : 'à'} ${timeOf(iso, language)}` : '';
/** '1er janvier 2028' (French writes the first of the month so), '12 June 2027'. */
const day = (iso: string | null | undefined, language: MessageLanguage) => {
  if (!iso) return '';
  const text = dayFormats[language].format(new Date(iso));
  return language === 'fr' ? text.replace(/^1 /, '1er ') : text;
};
const fcfa = (amount: number | undefined) =>
  `${new Intl.NumberFormat('fr-FR').format(amount ?? 0).replace(/[\u00a0\u202f]/g, '\u202f')} FCFA`;

/** 'Paul', 'Paul et 1 autre personne', 'Paul et 3 autres personnes' (and in English). */
function people(name: string | undefined, count: number, language: MessageLanguage): string {
  const who = name || (language === 'en' ? 'Someone' : 'Quelqu’un');
  const others = count - 1;
  if (others <= 0) return who;
  if (language === 'en') return `${who} and ${others} other${others > 1 ? 's' : ''}`;
  return `${who} et ${others} autre${others > 1 ? 's' : ''} personne${others > 1 ? 's' : ''}`;
}

/** What happened to an advertiser's campaign for `title`. */
function campaignSentence(title: string, data: UserNotificationData, en: boolean): string {
  const reason = data.message ? (en ? ` Reason: ${data.message}` : ` Motif : ${data.message}`) : '';
  switch (data.campaignOutcome) {
    case 'paid':
      return en
        ? `Payment of ${fcfa(data.amount)} received: your campaign for ${title} awaits the team's approval.`
        : `Paiement de ${fcfa(data.amount)} reçu : votre campagne pour ${title} attend la validation de l’équipe.`;
    case 'approved':
      return en ? `Your campaign for ${title} is approved.` : `Votre campagne pour ${title} est validée.`;
    case 'refused':
      return en
        ? `Your campaign for ${title} is refused and refunded.${reason}`
        : `Votre campagne pour ${title} est refusée et remboursée.${reason}`;
    case 'suspended':
      return en ? `Your campaign for ${title} is suspended.${reason}` : `Votre campagne pour ${title} est suspendue.${reason}`;
    case 'resumed':
      return en ? `Your campaign for ${title} runs again.` : `Votre campagne pour ${title} reprend.`;
    default:
      if (data.message)
        return en ? `Your campaign for ${title} is stopped.${reason}` : `Votre campagne pour ${title} est arrêtée.${reason}`;
      return en
        ? `Your campaign for ${title} is stopped: the event is no longer public.`
        : `Votre campagne pour ${title} est arrêtée : l’évènement n’est plus public.`;
  }
}

/** The sentence of a notification in `language`, from its kind, its facts and its count. */
export function notificationText(
  notification: { kind: UserNotificationKind; data: UserNotificationData; count: number },
  language: MessageLanguage,
): string {
  const { data, count } = notification;
  const title = `« ${data.eventTitle ?? ''} »`;
  const en = language === 'en';
  switch (notification.kind) {
    case 'event_cancelled': {
      const base = en ? `${title} is cancelled.` : `${title} est annulé.`;
      if (!data.message) return base;
      return en ? `${base} The organiser says: ${data.message}` : `${base} Message de l’organisateur : ${data.message}`;
    }
    case 'event_moved': {
      const moved = data.previousStartDateTime && data.previousStartDateTime !== data.startDateTime;
      const relocated =
        (data.previousCity && data.previousCity !== data.city) || (data.previousAddress && data.previousAddress !== data.address);
      const changes = [
        ...(moved
          ? [en ? `now ${when(data.startDateTime, language)}` : `désormais le ${when(data.startDateTime, language)}`]
          : []),
        ...(relocated ? [en ? `at ${data.address}, ${data.city}` : `à ${data.address}, ${data.city}`] : []),
      ];
      return en ? `${title} changed: ${changes.join(', ')}.` : `${title} change : ${changes.join(', ')}.`;
    }
    case 'participant_joined':
      return en
        ? `${people(data.actorName, count, language)} joined ${title}.`
        : `${people(data.actorName, count, language)} ${count > 1 ? 'participent' : 'participe'} à ${title}.`;
    // Counted in comments, not people: one person may write several.
    case 'event_comment': {
      const who = data.actorName || (en ? 'someone' : 'quelqu’un');
      if (count <= 1)
        return en
          ? `${people(data.actorName, 1, language)} commented on ${title}.`
          : `${people(data.actorName, 1, language)} a commenté ${title}.`;
      return en
        ? `${count} new comments on ${title}, the latest by ${who}.`
        : `${count} nouveaux commentaires sur ${title}, le dernier de ${who}.`;
    }
    case 'event_reminder_day':
      return en
        ? `Tomorrow: ${title}, ${when(data.startDateTime, language)}, ${data.city ?? ''}.`
        : `Demain : ${title}, ${when(data.startDateTime, language)}, ${data.city ?? ''}.`;
    case 'event_reminder_soon': {
      const at = timeOf(data.startDateTime, language);
      return en
        ? `Starting soon: ${title} at ${at}, ${data.address ?? ''}, ${data.city ?? ''}.`
        : `Bientôt : ${title} commence à ${at}, ${data.address ?? ''}, ${data.city ?? ''}.`;
    }
    case 'payment_succeeded':
      return en
        ? `Payment of ${fcfa(data.amount)} received: premium until ${day(data.premiumUntil, language)}.`
        : `Paiement de ${fcfa(data.amount)} reçu : Premium jusqu’au ${day(data.premiumUntil, language)}.`;
    case 'premium_ending':
      return en
        ? `Your premium ends on ${day(data.premiumUntil, language)}. Renew it to keep its advantages.`
        : `Votre Premium se termine le ${day(data.premiumUntil, language)}. Renouvelez-le pour garder ses avantages.`;
    case 'reward_granted':
      if (data.rewardType === 'premium_days')
        return en
          ? `Reward granted: ${data.rewardValue} days of premium.`
          : `Récompense accordée : ${data.rewardValue} jours de Premium.`;
      if (data.rewardType === 'credit_fcfa')
        return en
          ? `Reward granted: a credit of ${fcfa(data.rewardValue)} for your next payment.`
          : `Récompense accordée : un crédit de ${fcfa(data.rewardValue)} sur votre prochain paiement.`;
      return en ? 'A referral reward was granted to you.' : 'Une récompense de parrainage vous a été accordée.';
    case 'support_reply':
      return en ? `The team answered you: ${data.message ?? ''}` : `L’équipe vous a répondu : ${data.message ?? ''}`;
    case 'event_announcement':
      return en ? `Announcement for ${title}: ${data.message ?? ''}` : `Annonce pour ${title} : ${data.message ?? ''}`;
    case 'campaign_update':
      return campaignSentence(title, data, en);
  }
}

export const notificationPreferenceSchema = z.strictObject({
  kind: z.enum(USER_NOTIFICATION_KINDS, { message: 'Type de notification inconnu' }),
  channel: z.enum(NOTIFICATION_CHANNELS, { message: 'Canal inconnu' }),
  enabled: z.boolean({ message: 'Valeur invalide' }),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const PREFERENCE_MESSAGES = {
  saved: 'Vos préférences de notification sont enregistrées',
  notOffered: 'Ce canal n’est pas proposé pour ce type de notification',
} as const;

/** `PUT /api/users/me/notification-preferences`: the choices to change (the others stay). */
export const updateNotificationPreferencesSchema = z.strictObject({
  preferences: z
    .array(notificationPreferenceSchema)
    .min(1, { message: 'Aucune préférence envoyée' })
    .max(50, { message: 'Trop de préférences' })
    .refine((items) => items.every((item) => CHANNELS_OF[item.kind]?.includes(item.channel)), {
      message: PREFERENCE_MESSAGES.notOffered,
    }),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** Every offered kind and channel with the person's choice (on unless turned off), and the quiet hours. */
export const notificationPreferencesResponseSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
  quietHours: z.object({ from: z.string(), to: z.string() }),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;
export const savedPreferencesResponseSchema = notificationPreferencesResponseSchema.extend({ message: z.string() });
