import { z } from 'zod';
import { messageTextSchemaOf } from './conversations';

/*
 * Announcements (issue 29, decision 067): an organiser writes once to the participants of their
 * event — all of them, those admitted at the door, or those not admitted yet — now or at a chosen
 * time. Each participant gets a notification (and, by their choices, an e-mail and a push).
 */

export const ANNOUNCEMENT_MAX = 1000;
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** A scheduled announcement goes out at most this far ahead. */
export const ANNOUNCEMENT_SCHEDULE_MAX_DAYS = 30;
/**
 * Announcements an organiser may write in 24 hours, all events together: fewer, and without links,
 * until one of their events has taken place (an account made to spam has none).
 */
export const ANNOUNCEMENTS_PER_DAY = { newOrganiser: 2, organiser: 10 } as const;

export const ANNOUNCEMENT_AUDIENCES = ['all', 'admitted', 'not_admitted'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_MESSAGES = {
  required: 'L’annonce ne peut pas être vide',
  tooLong: `L’annonce doit contenir au plus ${ANNOUNCEMENT_MAX} caractères`,
  audience: 'Destinataires inconnus : all, admitted ou not_admitted',
  sendAtInvalid: 'Date d’envoi invalide',
  sendAtPast: 'La date d’envoi doit être dans le futur',
  sendAtTooFar: `La date d’envoi doit être dans les ${ANNOUNCEMENT_SCHEDULE_MAX_DAYS} prochains jours`,
  sent: 'Annonce envoyée',
  scheduled: 'Annonce programmée',
  cancelled: 'Envoi annulé',
  notFound: 'Annonce introuvable',
  alreadySent: 'Cette annonce est déjà envoyée',
  eventCancelled: 'Cet événement est annulé : vous ne pouvez plus écrire à ses participants',
  noRecipients: 'Aucun participant ne correspond à ces destinataires',
  dailyCap: (cap: number) =>
    `Vous avez atteint la limite de ${cap} annonce${cap > 1 ? 's' : ''} par 24 heures. Réessayez plus tard.`,
  noLinks: 'Les liens seront possibles dans vos annonces quand votre premier événement aura eu lieu',
} as const;

/**
 * An address a person could follow: http(s)://…, www.…, or a name ending in a common domain
 * ('promo.cm', 'bit.ly/x'). Refused in the announcements of a new organiser.
 */
const LINK_PATTERN =
  /(https?:\/\/|www\.)\S|\b[a-z0-9-]+\.(com|cm|net|org|info|io|me|ly|co|biz|xyz|site|online|app|link|click|top|fr|africa|shop|store)\b/i;

export function containsLink(text: string): boolean {
  return LINK_PATTERN.test(text);
}

const sendAtSchema = z.iso.datetime({ offset: true, message: ANNOUNCEMENT_MESSAGES.sendAtInvalid }).nullish();

export const createAnnouncementSchema = z.strictObject({
  text: messageTextSchemaOf(ANNOUNCEMENT_MAX, {
    required: ANNOUNCEMENT_MESSAGES.required,
    tooLong: ANNOUNCEMENT_MESSAGES.tooLong,
  }),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { message: ANNOUNCEMENT_MESSAGES.audience }).default('all'),
  /** When to send it (ISO 8601 with its offset); absent or null: now. */
  sendAt: sendAtSchema,
});
export type CreateAnnouncementInput = z.input<typeof createAnnouncementSchema>;

export const announcementParamsSchema = z.object({
  id: z.uuid({ message: 'Identifiant invalide' }),
  announcementId: z.uuid({ message: 'Identifiant invalide' }),
});

export const announcementsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const ANNOUNCEMENT_STATES = ['scheduled', 'sent', 'cancelled'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const announcementSchema = z.object({
  _id: z.uuid(),
  text: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  state: z.enum(ANNOUNCEMENT_STATES),
  /** When it goes (or went) out. */
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  /** The participants it reached; null until sent. */
  recipients: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const audienceCountsSchema = z.object({
  all: z.number().int(),
  admitted: z.number().int(),
  not_admitted: z.number().int(),
});
export type AudienceCounts = z.infer<typeof audienceCountsSchema>;

export const announcementsResponseSchema = z.object({
  event: z.object({ _id: z.uuid(), title: z.string(), status: z.string(), cancelled: z.boolean() }),
  items: z.array(announcementSchema),
  hasMore: z.boolean(),
  /** How many participants each choice of recipients reaches now. */
  audienceCounts: audienceCountsSchema,
  /** The organiser's allowance: written in the last 24 hours, of how many; links allowed yet. */
  allowance: z.object({ used: z.number().int(), perDay: z.number().int(), linksAllowed: z.boolean() }),
});
export type AnnouncementsResponse = z.infer<typeof announcementsResponseSchema>;

export const announcementResponseSchema = z.object({ message: z.string(), announcement: announcementSchema });
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;
