import { z } from 'zod';
import { afterQuerySchema, cursorPageOf, pageQuerySchema, requiredText, uuidParam } from './common';
import { doualaDateTime } from './douala-time';

/** Event status: draft → published → cancelled. New events are drafts. */
export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const REOPEN_ENDED = 'Un événement terminé ne peut plus être rouvert';

/**
 * Whether `PUT /events/{id}/reopen` may take a cancelled event back to draft (decisions 023,
 * 030): only while it has not ended — a past event would come back only to be published late.
 * The API refuses the others (409) and the back office shows 'Rouvrir' only on these.
 */
export function isReopenable(event: { status: EventStatus; endDateTime: string | Date }, now: Date = new Date()): boolean {
  return event.status === 'cancelled' && new Date(event.endDateTime).getTime() > now.getTime();
}

/**
 * Categories: the eight filter values plus `training` for the creation form's ninth label,
 * 'Formation'.
 */
export const EVENT_CATEGORIES = [
  'concert',
  'festival',
  'conference',
  'sport',
  'art',
  'food',
  'business',
  'training',
  'other',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  concert: 'Concert',
  festival: 'Festival',
  conference: 'Conférence',
  sport: 'Sport',
  art: 'Art & Culture',
  food: 'Gastronomie',
  business: 'Business',
  training: 'Formation',
  other: 'Autre',
};

/** Date filter, evaluated in Africa/Douala time. */
export const EVENT_DATE_FILTERS = ['all', 'upcoming', 'past', 'today'] as const;
export type EventDateFilter = (typeof EVENT_DATE_FILTERS)[number];

/** New event defaults. */
export const EVENT_DEFAULTS = {
  maxParticipants: 100,
  ticketType: { name: 'Standard', price: 0, quantity: 100, description: '' },
  addedTicketType: { name: '', price: 0, quantity: 0, description: '' },
  isPublic: true,
  isHighlighted: false,
} as const;

/** Image upload limits: per file and per event. */
export const EVENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const EVENT_IMAGES_MAX = 10;
export const EVENT_TAGS_MAX = 20;
export const EVENT_TICKET_TYPES_MAX = 20;

/*
 * Advanced customisation of an event's public page (issue 28 item 1, decision 056), a premium
 * feature: an accent colour from a safe palette, a cover layout, a short address `/e/{address}`.
 * Null is the default look. Shown while the organiser's premium is active; kept, not shown, after.
 */

/**
 * The accent colours: `main` is a button's background under white text and a border, `dark` the
 * links', tags' and title's text on white and on `soft`, `soft` the tags' and the cover's
 * background. Every pair keeps WCAG AA contrast (≥ 4.5:1; a test computes it, e2e runs axe).
 */
export const ACCENT_COLORS = {
  blue: { label: 'Bleu', main: '#1d4ed8', dark: '#1e40af', soft: '#dbeafe' },
  indigo: { label: 'Indigo', main: '#4338ca', dark: '#3730a3', soft: '#e0e7ff' },
  violet: { label: 'Violet', main: '#6d28d9', dark: '#5b21b6', soft: '#ede9fe' },
  raspberry: { label: 'Framboise', main: '#be185d', dark: '#9d174d', soft: '#fce7f3' },
  red: { label: 'Rouge', main: '#b91c1c', dark: '#991b1b', soft: '#fee2e2' },
  terracotta: { label: 'Terre cuite', main: '#c2410c', dark: '#9a3412', soft: '#ffedd5' },
  green: { label: 'Vert forêt', main: '#15803d', dark: '#166534', soft: '#dcfce7' },
  slate: { label: 'Ardoise', main: '#334155', dark: '#1e293b', soft: '#e2e8f0' },
} as const;
export type AccentColor = keyof typeof ACCENT_COLORS;
export const ACCENT_COLOR_IDS = Object.keys(ACCENT_COLORS) as [AccentColor, ...AccentColor[]];

/**
 * The cover layouts: 'large' the cover over the page's whole width above the title, 'banner' a
 * short band over the whole width, 'side' the cover beside the title on wide screens (under it on
 * a phone). Null: the default (the cover under the title, in the text column).
 */
export const COVER_LAYOUTS = ['large', 'banner', 'side'] as const;
export type CoverLayout = (typeof COVER_LAYOUTS)[number];
export const COVER_LAYOUT_LABELS: Record<CoverLayout, string> = {
  large: 'Grande couverture',
  banner: 'Bandeau',
  side: 'Couverture à côté du titre',
};

/** The short address's path: `/e/{address}`. */
export const SHORT_ADDRESS_PREFIX = '/e/';
export const SHORT_ADDRESS_MIN = 3;
export const SHORT_ADDRESS_MAX = 40;

/**
 * Words a short address may not be: the site's own first path segments and words that would
 * mislead (an 'admin' or 'paiement' page made by anyone). Compared after lower-casing.
 */
export const RESERVED_SHORT_ADDRESSES = [
  'admin',
  'administration',
  'api',
  'e',
  'evenements',
  'evenement',
  'events',
  'mon-compte',
  'compte',
  'emulateurs',
  'getstarted',
  'auth',
  'connexion',
  'inscription',
  'login',
  'logout',
  'premium',
  'paiement',
  'paiements',
  'payments',
  'transactions',
  'terms',
  'confidentialite',
  'conditions',
  'sitemap',
  'robots',
  'uploads',
  'assets',
  'static',
  'favicon',
  'manifest',
  'aide',
  'support',
  'contact',
  'securite',
  'parrainage',
  'partenaires',
  'participations',
  'profil',
  'officiel',
  'www',
] as const;

export const SHORT_ADDRESS_MESSAGES = {
  tooShort: `L’adresse courte fait au moins ${SHORT_ADDRESS_MIN} caractères`,
  tooLong: `L’adresse courte fait ${SHORT_ADDRESS_MAX} caractères au maximum`,
  characters: 'L’adresse courte ne contient que des lettres minuscules sans accent, des chiffres et des tirets',
  hyphens: 'L’adresse courte ne commence ni ne finit par un tiret, et n’a pas deux tirets de suite',
  reserved: 'Cette adresse courte est réservée au site : choisissez-en une autre',
  taken: 'Cette adresse courte est déjà prise par un autre événement : choisissez-en une autre',
  available: 'Cette adresse courte est libre',
} as const;

/** Why a short address (already lower-cased) is refused, or null when its form is right (not whether it is free). */
export function shortAddressProblem(address: string): string | null {
  if (address.length < SHORT_ADDRESS_MIN) return SHORT_ADDRESS_MESSAGES.tooShort;
  if (address.length > SHORT_ADDRESS_MAX) return SHORT_ADDRESS_MESSAGES.tooLong;
  if (!/^[a-z0-9-]+$/.test(address)) return SHORT_ADDRESS_MESSAGES.characters;
  if (address.startsWith('-') || address.endsWith('-') || address.includes('--')) return SHORT_ADDRESS_MESSAGES.hyphens;
  if ((RESERVED_SHORT_ADDRESSES as readonly string[]).includes(address)) return SHORT_ADDRESS_MESSAGES.reserved;
  return null;
}

/** A short address as typed: trimmed and lower-cased ('Mon-Gala' is 'mon-gala'), then checked. */
export const shortAddressSchema = z
  .string({ message: SHORT_ADDRESS_MESSAGES.characters })
  .trim()
  .max(200, { message: SHORT_ADDRESS_MESSAGES.tooLong })
  .transform((value) => value.toLowerCase())
  .superRefine((value, ctx) => {
    const problem = shortAddressProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The customisation fields of `POST /events` and `PUT /events/{id}` (premium: 403 PREMIUM_REQUIRED otherwise; null removes one). */
export const customisationFields = {
  accentColor: z.enum(ACCENT_COLOR_IDS, { message: 'Choisissez une couleur de la palette' }).nullable().optional(),
  coverLayout: z.enum(COVER_LAYOUTS, { message: 'Choisissez une mise en page de la liste' }).nullable().optional(),
  shortAddress: shortAddressSchema.nullable().optional(),
};

/** The event's customisation as the API answers it (`shown`: the organiser's premium is active, so the public page uses it). */
export const eventCustomisationSchema = z.object({
  accentColor: z.enum(ACCENT_COLOR_IDS).nullable(),
  coverLayout: z.enum(COVER_LAYOUTS).nullable(),
  shortAddress: z.string().nullable(),
  /** Whether the public page shows it now; false once the organiser's premium has ended (decision 056). */
  shown: z.boolean(),
  /** `{PUBLIC_URL}/e/{shortAddress}` while shown, else null. */
  shortUrl: z.string().nullable(),
});
export type EventCustomisation = z.infer<typeof eventCustomisationSchema>;

/** `GET /events/short-addresses/{address}?eventId=`: whether an address can be taken (by this event). */
export const shortAddressParamsSchema = z.object({ address: z.string().max(200) });
export const shortAddressQuerySchema = z.object({ eventId: uuidParam.optional() });
export const shortAddressAvailabilitySchema = z.object({
  /** The address as it would be stored (lower-cased). */
  address: z.string(),
  available: z.boolean(),
  /** Why not, or 'Cette adresse courte est libre'. */
  message: z.string(),
});
export type ShortAddressAvailability = z.infer<typeof shortAddressAvailabilitySchema>;

/** `GET /events/customisation`: whether the caller may customise event pages now (premium or manage_events). */
export const customisationAccessSchema = z.object({ allowed: z.boolean() });
export type CustomisationAccess = z.infer<typeof customisationAccessSchema>;

const intField = (min: number, message: string) =>
  z.number({ message }).int({ message }).min(min, { message }).max(1_000_000_000, { message: 'Valeur trop grande' });

export const ticketTypeInputSchema = z.strictObject({
  name: requiredText('Le nom du type de billet est requis', 100),
  price: intField(0, 'Le prix doit être un nombre entier de francs CFA, 0 ou plus'),
  quantity: intField(1, 'La quantité doit être d’au moins 1'),
  description: z.string().trim().max(500, { message: '500 caractères au maximum' }).default(''),
});
export type TicketTypeInput = z.input<typeof ticketTypeInputSchema>;

/** Dates outside these years are refused (the database and the screens expect real dates). */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

const dateTime = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .pipe(z.iso.datetime({ offset: true, message: 'Date invalide' }))
    .refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
      },
      { message: `La date doit être comprise entre ${DATE_YEAR_MIN} et ${DATE_YEAR_MAX}` },
    );

export const locationInputSchema = z.strictObject({
  address: requiredText('L’adresse est requise', 300),
  city: requiredText('La ville est requise', 100),
  country: z.string().trim().max(100).default('Cameroun'),
  coordinates: z
    .strictObject({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    })
    .nullable()
    .optional(),
});

const tagsSchema = z
  .array(z.string().trim().max(50, { message: 'Un tag fait 50 caractères au maximum' }))
  .max(EVENT_TAGS_MAX, { message: `${EVENT_TAGS_MAX} tags au maximum` })
  .transform((tags) => [...new Set(tags.filter((tag) => tag.length > 0))]);

const eventFields = {
  title: requiredText('Le titre est requis', 200),
  description: requiredText('La description est requise', 5000),
  startDateTime: dateTime('La date et l’heure de début sont requises'),
  endDateTime: dateTime('La date et l’heure de fin sont requises'),
  location: locationInputSchema,
  category: z.enum(EVENT_CATEGORIES, { message: 'Choisissez une catégorie de la liste' }),
  tags: tagsSchema,
  ticketTypes: z
    .array(ticketTypeInputSchema)
    .min(1, { message: 'Au moins un type de billet est requis' })
    .max(EVENT_TICKET_TYPES_MAX, { message: `${EVENT_TICKET_TYPES_MAX} types de billets au maximum` }),
  isPublic: z.boolean(),
  isHighlighted: z.boolean(),
  maxParticipants: intField(1, 'Le nombre maximum de participants doit être d’au moins 1'),
};

export const END_BEFORE_START = 'La date de fin doit être après la date de début';

function endAfterStart(value: { startDateTime?: string; endDateTime?: string }, ctx: z.RefinementCtx) {
  if (!value.startDateTime || !value.endDateTime) return;
  if (Date.parse(value.endDateTime) <= Date.parse(value.startDateTime)) {
    ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: END_BEFORE_START });
  }
}

/**
 * `POST /events`: the JSON of the multipart field `data` (or a JSON body without images).
 * Missing optional fields take the new event defaults.
 */
export const createEventSchema = z
  .strictObject({
    ...eventFields,
    tags: tagsSchema.default([]),
    ticketTypes: eventFields.ticketTypes.default([{ ...EVENT_DEFAULTS.ticketType }]),
    isPublic: eventFields.isPublic.default(EVENT_DEFAULTS.isPublic),
    isHighlighted: eventFields.isHighlighted.default(EVENT_DEFAULTS.isHighlighted),
    maxParticipants: eventFields.maxParticipants.default(EVENT_DEFAULTS.maxParticipants),
    /** Create on behalf of this partner (the caller must be one of its authorised users). */
    partnerId: uuidParam.optional(),
    ...customisationFields,
  })
  .superRefine(endAfterStart);
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEventBody = z.output<typeof createEventSchema>;

/** `PUT /events/{id}`: any subset of the fields; the status changes only through publish/cancel. */
export const updateEventSchema = z
  .strictObject({
    title: eventFields.title.optional(),
    description: eventFields.description.optional(),
    startDateTime: eventFields.startDateTime.optional(),
    endDateTime: eventFields.endDateTime.optional(),
    location: locationInputSchema.optional(),
    category: eventFields.category.optional(),
    tags: tagsSchema.optional(),
    ticketTypes: eventFields.ticketTypes.optional(),
    isPublic: eventFields.isPublic.optional(),
    isHighlighted: eventFields.isHighlighted.optional(),
    maxParticipants: eventFields.maxParticipants.optional(),
    ...customisationFields,
  })
  .superRefine(endAfterStart)
  .refine((value) => Object.keys(value).length > 0, { message: 'Aucune modification demandée' });
export type UpdateEventInput = z.input<typeof updateEventSchema>;
export type UpdateEventBody = z.output<typeof updateEventSchema>;

export const eventActionParamsSchema = z.object({
  id: uuidParam,
  action: z.enum(['publish', 'cancel', 'reopen'], { message: 'Action inconnue : publish, cancel ou reopen' }),
});

/** Most characters of the message to the participants given when cancelling (decision 038). */
export const CANCELLATION_MESSAGE_MAX = 500;

/**
 * `PUT /events/{id}/cancel` may carry a short message to the participants (decision 038): stored on
 * the event and shown on its public page. The other actions take no body.
 */
export const eventActionBodySchema = z
  .strictObject({
    message: z
      .string()
      .trim()
      .max(CANCELLATION_MESSAGE_MAX, { message: `${CANCELLATION_MESSAGE_MAX} caractères au maximum` })
      .optional(),
  })
  .nullish();
export type EventActionBody = z.input<typeof eventActionBodySchema>;

/** Where an organiser's draft stands with 'Approbation requise' (decision 038). */
export const APPROVAL_STATES = ['submitted', 'refused'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/**
 * `GET /events`. Anonymous callers and accounts without `manage_events` see the published public
 * events only (the status filter then narrows within them); `mine=true` lists the caller's own
 * events of every status; `manage_events` sees everything.
 */
export const listEventsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum([...EVENT_STATUSES, 'all'], { message: 'Statut inconnu' }).default('all'),
  category: z.enum([...EVENT_CATEGORIES, 'all'], { message: 'Catégorie inconnue' }).default('all'),
  date: z.enum(EVENT_DATE_FILTERS, { message: 'Filtre de date inconnu' }).default('all'),
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /**
   * `pending`: the 'À approuver' queue (`manage_events` only): drafts whose organiser may not
   * publish them alone while 'Approbation requise' is on, not refused since their last change.
   */
  approval: z.enum(['pending'], { message: 'Filtre d’approbation inconnu' }).optional(),
  /** The mobile app's endless list: the `next` of the previous page (decision 069). */
  after: afterQuerySchema,
});
export type ListEventsQuery = z.input<typeof listEventsQuerySchema>;

export const eventImageSchema = z.object({
  _id: z.uuid(),
  /** Re-encoded WebP, about 640 px wide, for cards and lists. */
  cardUrl: z.string(),
  /** Re-encoded WebP, at most 1600 px, for the detail view. */
  detailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type EventImage = z.infer<typeof eventImageSchema>;

/** The width of the copy of an event image that phones get (`srcset`), never wider than the detail copy. */
export const MEDIUM_IMAGE_WIDTH = 800;

/** An image of the event detail: also the phones' copy, at most MEDIUM_IMAGE_WIDTH wide (none for older images). */
export const eventDetailImageSchema = eventImageSchema.extend({ mediumUrl: z.string().nullable() });
export type EventDetailImage = z.infer<typeof eventDetailImageSchema>;

export const ticketTypeSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  description: z.string(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

const eventBaseSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  location: z.object({
    address: z.string(),
    city: z.string(),
    country: z.string(),
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  }),
  category: z.string(),
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  isHighlighted: z.boolean(),
  /** Null for older events without a maximum (shown as ∞). */
  maxParticipants: z.number().int().nullable(),
  organizerId: z.string().nullable(),
  /** The partner the event is organised for; its name is then the creator's name. */
  partnerId: z.string().nullable().optional(),
  status: z.enum(EVENT_STATUSES),
  /** The organiser's name (the partner's, for a partner's event); null when the account is gone (the UI shows 'Anonyme'). */
  creator: z.object({ name: z.string() }).nullable(),
  participantsCount: z.number().int(),
  commentsCount: z.number().int(),
  likes: z.number().int(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The public page `/evenements/{slug}-{shortId}` (a private one opens only with its share link). */
  publicPath: z.string(),
  /**
   * A draft submitted for approval and not refused since ('submitted': 'En attente d’approbation'),
   * or refused since its last submission ('refused', with `refusalReason`); null otherwise (decision 038).
   */
  approvalState: z.enum(APPROVAL_STATES).nullable().optional(),
  refusalReason: z.string().nullable().optional(),
  /** The organiser's message to the participants, given when cancelling; null otherwise. */
  cancellationMessage: z.string().nullable().optional(),
});

/** One row of `GET /events`: the event without its ticket types, with its first image. */
export const eventSummarySchema = eventBaseSchema.extend({ cover: eventImageSchema.nullable() });
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** `GET /events/{id}` and the answers of the writes. */
export const eventSchema = eventBaseSchema.extend({
  ticketTypes: z.array(ticketTypeSchema),
  images: z.array(eventDetailImageSchema),
  /**
   * The unguessable token of the share link (only for the organiser and `manage_events`);
   * `sharePath` is the public page path with it, `shareUrl` that page's whole address on the
   * server's PUBLIC_URL: what the organiser sends.
   */
  shareToken: z.string().optional(),
  sharePath: z.string().optional(),
  shareUrl: z.string().optional(),
  /** The public page's customisation (premium, decision 056). */
  customisation: eventCustomisationSchema,
});

/** `GET /events/{id}?t=…`: the share token that opens a private event. */
export const eventDetailQuerySchema = z.object({ t: z.string().trim().max(200).optional() });

/** `POST /events/{id}/share-token`: a new share token, the old link no longer opens the page. */
export const shareTokenResponseSchema = z.object({
  message: z.string(),
  shareToken: z.string(),
  sharePath: z.string(),
  shareUrl: z.string(),
});
export type ShareTokenResponse = z.infer<typeof shareTokenResponseSchema>;
export type EventDetail = z.infer<typeof eventSchema>;

export const listEventsResponseSchema = cursorPageOf(eventSummarySchema);
export type ListEventsResponse = z.infer<typeof listEventsResponseSchema>;

export const eventResponseSchema = z.object({ message: z.string().optional(), event: eventSchema });
export type EventResponse = z.infer<typeof eventResponseSchema>;

const formDate = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date invalide' });
const formTime = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .regex(/^\d{2}:\d{2}$/, { message: 'Heure invalide' });

const formInt = (min: number, message: string) =>
  z.coerce.number({ message }).int({ message }).min(min, { message }).max(1_000_000_000, { message: 'Valeur trop grande' });

/** The creation dialog's form: separate date and time fields, numbers typed as text. */
export const eventFormSchema = z
  .object({
    title: eventFields.title,
    description: eventFields.description,
    startDate: formDate('La date de début est requise'),
    startTime: formTime('L’heure de début est requise'),
    endDate: formDate('La date de fin est requise'),
    endTime: formTime('L’heure de fin est requise'),
    address: requiredText('L’adresse est requise', 300),
    city: requiredText('La ville est requise', 100),
    category: z.enum(EVENT_CATEGORIES, { message: 'La catégorie est requise' }),
    tags: z.array(z.string()),
    ticketTypes: z
      .array(
        z.object({
          name: requiredText('Le nom du type de billet est requis', 100),
          price: formInt(0, 'Le prix doit être un nombre entier de francs CFA, 0 ou plus'),
          quantity: formInt(1, 'La quantité doit être d’au moins 1'),
          description: z.string().trim().max(500),
        }),
      )
      .min(1),
    maxParticipants: formInt(1, 'Le nombre maximum de participants doit être d’au moins 1'),
    isPublic: z.boolean(),
    isHighlighted: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (!value.startDate || !value.startTime || !value.endDate || !value.endTime) return;
    const start = Date.parse(doualaDateTime(value.startDate, value.startTime));
    const end = Date.parse(doualaDateTime(value.endDate, value.endTime));
    if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_BEFORE_START });
    }
  });
export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormValues = z.output<typeof eventFormSchema>;

/** The form's values as the API's event JSON. */
export function formToEventInput(values: EventFormValues): CreateEventBody {
  return {
    title: values.title,
    description: values.description,
    startDateTime: doualaDateTime(values.startDate, values.startTime),
    endDateTime: doualaDateTime(values.endDate, values.endTime),
    location: { address: values.address, city: values.city, country: 'Cameroun' },
    category: values.category,
    tags: values.tags,
    ticketTypes: values.ticketTypes.map((ticket) => ({ ...ticket, description: ticket.description ?? '' })),
    maxParticipants: values.maxParticipants,
    isPublic: values.isPublic,
    isHighlighted: values.isHighlighted,
  };
}

/** `PUT /events/{id}/refuse`: why the event is not published, told to its organiser. */
export const refuseEventSchema = z.strictObject({
  reason: requiredText('Le motif du refus est requis', 500),
});
export type RefuseEventInput = z.input<typeof refuseEventSchema>;

/** `GET /events/pending-approval/count`: how many events wait in 'À approuver'. */
export const pendingApprovalCountSchema = z.object({ count: z.number().int().min(0) });
export type PendingApprovalCount = z.infer<typeof pendingApprovalCountSchema>;

export const APPROVAL_MESSAGES = {
  notPending: 'Cet événement n’attend pas d’approbation',
  approved: 'Événement approuvé et publié',
  refused: 'Événement refusé : l’organisateur est prévenu',
  submitted: 'Événement envoyé pour approbation : il sera publié après validation par un administrateur',
  alreadySubmitted: 'Cet événement attend déjà l’approbation d’un administrateur',
} as const;
