import { z } from 'zod';
import { pageOf, pageQuerySchema, requiredText, uuidParam } from './common';

/** Subscription of a business event page. */
export const BUSINESS_SUBSCRIPTIONS = ['free', 'premium'] as const;
export type BusinessSubscription = (typeof BUSINESS_SUBSCRIPTIONS)[number];
export const BUSINESS_SUBSCRIPTION_LABELS: Record<BusinessSubscription, string> = { free: 'Gratuit', premium: 'Premium' };

export const BUSINESS_PAGE_MESSAGES = {
  nameRequired: 'Le nom de la page est requis',
  notFound: 'Page introuvable',
  notOwner: 'Vous ne pouvez gérer que vos propres pages',
  eventNotFound: 'Événement introuvable',
  eventNotYours: 'Seuls vos propres événements (ou ceux du partenaire de la page) peuvent y être ajoutés',
  eventAlreadyAttached: 'Cet événement est déjà sur cette page',
  notPartnerUser: 'Vous n’êtes pas un utilisateur autorisé de ce partenaire',
} as const;

/**
 * `GET /business-event-pages?page={n}&limit=10&q=…`, newest first. `q` finds a page by its name,
 * its owner (names, username, e-mail, phone in any written form) or its partner (decision 030).
 */
export const listBusinessPagesQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});
export type ListBusinessPagesQuery = z.input<typeof listBusinessPagesQuerySchema>;

export const businessPageSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The owner account; `username` is what the back-office table shows. */
  owner: z.object({ _id: z.uuid().nullable(), username: z.string().nullable() }),
  partner: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  subscription: z.enum(BUSINESS_SUBSCRIPTIONS),
  eventsCount: z.number().int().min(0),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type BusinessPage = z.infer<typeof businessPageSchema>;

export const listBusinessPagesResponseSchema = pageOf(businessPageSchema);
export type ListBusinessPagesResponse = z.infer<typeof listBusinessPagesResponseSchema>;

/** One event of a page, as its details list them. */
const pageEventSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  startDateTime: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
});

/** `GET /business-event-pages/{id}`: the page and its events (id, title, start, status). */
export const businessPageDetailSchema = businessPageSchema.extend({
  events: z.array(pageEventSchema),
});
export type BusinessPageDetail = z.infer<typeof businessPageDetailSchema>;

export const businessPageResponseSchema = z.object({ message: z.string().optional(), page: businessPageDetailSchema });

/** `POST /business-event-pages`: the caller creates its own page, free, optionally for a partner it acts for. */
export const createBusinessPageSchema = z.strictObject({
  name: requiredText(BUSINESS_PAGE_MESSAGES.nameRequired, 150),
  partnerId: uuidParam.optional(),
});
export type CreateBusinessPageInput = z.input<typeof createBusinessPageSchema>;

/** `PUT /business-event-pages/{id}/{action}` (`manage_business`). */
export const businessPageActionParamsSchema = z.object({
  id: uuidParam,
  action: z.enum(['activate', 'deactivate'], { message: 'Action inconnue : activate ou deactivate' }),
});

/** `POST /business-event-pages/{id}/events`: attach one of the owner's events. */
export const attachBusinessPageEventSchema = z.strictObject({
  eventId: uuidParam,
});

export const businessPageEventParamsSchema = z.object({
  id: uuidParam,
  eventId: uuidParam,
});

/** One change of a page's status, read from the audit log (decision 030). */
export const BUSINESS_PAGE_STATUS_CHANGES = ['created', 'activated', 'deactivated'] as const;
export type BusinessPageStatusChange = (typeof BUSINESS_PAGE_STATUS_CHANGES)[number];

/**
 * `GET /admin/business-event-pages/{id}` (`manage_business`): the back office's detail panel —
 * the owner with its contact, the subscription, the latest events (of `eventsCount`) and the
 * status history, newest first.
 */
export const businessPageAdminDetailSchema = businessPageSchema.extend({
  owner: z.object({
    _id: z.uuid().nullable(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  events: z.array(pageEventSchema),
  statusHistory: z.array(
    z.object({
      change: z.enum(BUSINESS_PAGE_STATUS_CHANGES),
      at: z.string(),
      actor: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
    }),
  ),
});
export type BusinessPageAdminDetail = z.infer<typeof businessPageAdminDetailSchema>;
