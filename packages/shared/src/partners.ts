import { z } from 'zod';
import { emailSchema, pageOf, pageQuerySchema, requiredText, uuidParam } from './common';
import { PARTNER_STATUSES, PARTNER_TYPES, PARTNER_VERIFICATION_FILTERS } from './partner-lists';
import { asE164, PHONE_INVALID } from './phone';
import { publicUserSchema } from './users';

export {
  PARTNER_STATUS_LABELS,
  PARTNER_STATUSES,
  type PartnerStatus,
  PARTNER_TYPE_LABELS,
  PARTNER_TYPES,
  type PartnerType,
  PARTNER_VERIFICATION_FILTERS,
} from './partner-lists';

export const PARTNER_MESSAGES = {
  nameRequired: 'Le nom est requis',
  typeRequired: 'Le type est requis',
  emailRequired: 'L’adresse e-mail est requise',
  emailInvalid: 'Adresse e-mail invalide',
  websiteInvalid: 'Le site web doit être une URL valide (https://…)',
  emailTaken: 'Un partenaire utilise déjà cette adresse e-mail',
  notFound: 'Partenaire introuvable',
  identifierRequired: 'Saisissez l’e-mail, le téléphone ou le nom d’utilisateur du compte',
  accountNotFound: 'Aucun compte ne correspond à cet identifiant',
  accountBlocked: 'Ce compte est bloqué : il ne peut pas être autorisé',
  alreadyAuthorized: 'Ce compte est déjà autorisé pour ce partenaire',
  notAuthorizedUser: 'Ce compte n’est pas un utilisateur autorisé de ce partenaire',
  notPartnerUser: 'Vous n’êtes pas un utilisateur autorisé de ce partenaire',
  partnerBlocked: 'Ce partenaire est bloqué : il ne peut pas organiser d’événement',
} as const;

/** Optional text: undefined leaves a value unchanged, '' or null clears it (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${max} caractères au maximum` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const optionalPhone = z
  .string()
  .trim()
  .max(30, { message: PHONE_INVALID })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (!value) return null;
    return asE164(value, ctx);
  });

const optionalWebsite = z
  .string()
  .trim()
  .max(300, { message: '300 caractères au maximum' })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (!value) return null;
    if (!z.url({ protocol: /^https?$/, hostname: /\./ }).safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: PARTNER_MESSAGES.websiteInvalid });
      return z.NEVER;
    }
    return value;
  });

const partnerFields = {
  name: requiredText(PARTNER_MESSAGES.nameRequired, 150),
  type: z.enum(PARTNER_TYPES, { message: PARTNER_MESSAGES.typeRequired }),
  email: emailSchema({
    required: PARTNER_MESSAGES.emailRequired,
    invalid: PARTNER_MESSAGES.emailInvalid,
    tooLong: '254 caractères au maximum',
  }),
  phone: optionalPhone,
  website: optionalWebsite,
  description: optionalText(2000),
  address: optionalText(300),
};

/** `POST /businesses`: name, type and e-mail required; phone, website, address, description optional. */
export const createPartnerSchema = z.strictObject(partnerFields);
export type CreatePartnerInput = z.input<typeof createPartnerSchema>;
export type CreatePartnerBody = z.output<typeof createPartnerSchema>;

/** `PUT /businesses/{id}`: any subset of the same fields ('' clears an optional one). */
export const updatePartnerSchema = z
  .strictObject({
    name: partnerFields.name.optional(),
    type: partnerFields.type.optional(),
    email: partnerFields.email.optional(),
    phone: partnerFields.phone,
    website: partnerFields.website,
    description: partnerFields.description,
    address: partnerFields.address,
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Aucune modification demandée' });
export type UpdatePartnerInput = z.input<typeof updatePartnerSchema>;
export type UpdatePartnerBody = z.output<typeof updatePartnerSchema>;

/** `GET /businesses`: search (name, e-mail, phone, without accents), three filters, newest first. */
export const listPartnersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum([...PARTNER_STATUSES, 'all'], { message: 'Statut inconnu' }).default('all'),
  type: z.enum([...PARTNER_TYPES, 'all'], { message: 'Type inconnu' }).default('all'),
  verification: z.enum(PARTNER_VERIFICATION_FILTERS, { message: 'Filtre de vérification inconnu' }).default('all'),
});
export type ListPartnersQuery = z.input<typeof listPartnersQuerySchema>;

/**
 * `PUT /businesses/{id}/{action}`: block / unblock, verify / unverify (`isVerified`).
 * Verifying a pending partner makes it active.
 */
export const PARTNER_ACTIONS = ['block', 'unblock', 'verify', 'unverify'] as const;
export type PartnerAction = (typeof PARTNER_ACTIONS)[number];
export const partnerActionParamsSchema = z.object({
  id: uuidParam,
  action: z.enum(PARTNER_ACTIONS, { message: 'Action inconnue : block, unblock, verify ou unverify' }),
});

export const partnerSummarySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  type: z.enum(PARTNER_TYPES),
  email: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** URL of the re-encoded WebP logo, or null. */
  logo: z.string().nullable(),
  status: z.enum(PARTNER_STATUSES),
  isVerified: z.boolean(),
  description: z.string().nullable(),
  location: z.object({ address: z.string().nullable() }),
  createdAt: z.string(),
  lastActivity: z.string().nullable(),
});
export type PartnerSummary = z.infer<typeof partnerSummarySchema>;

export const authorizedUserSchema = publicUserSchema
  .pick({ _id: true, firstName: true, lastName: true, username: true, email: true, phone: true, avatar: true, isBlocked: true })
  .extend({ addedAt: z.string() });
export type AuthorizedUser = z.infer<typeof authorizedUserSchema>;

export const partnerActivitySchema = z.object({
  _id: z.uuid(),
  type: z.string(),
  description: z.string(),
  date: z.string(),
  actorName: z.string().nullable(),
});
export type PartnerActivity = z.infer<typeof partnerActivitySchema>;

/** `GET /businesses/{id}`: the partner with its authorised users, events count and recent activities. */
export const partnerDetailSchema = partnerSummarySchema.extend({
  authorizedUsers: z.array(authorizedUserSchema),
  eventsCount: z.number().int().min(0),
  recentActivity: z.array(partnerActivitySchema),
});
export type PartnerDetail = z.infer<typeof partnerDetailSchema>;

export const listPartnersResponseSchema = pageOf(partnerSummarySchema);
export type ListPartnersResponse = z.infer<typeof listPartnersResponseSchema>;

export const partnerResponseSchema = z.object({ message: z.string().optional(), partner: partnerDetailSchema });
export type PartnerResponse = z.infer<typeof partnerResponseSchema>;

/** `POST /partners/{partnerId}/users`: an existing account by e-mail, phone or username. */
export const addPartnerUserSchema = z.strictObject({
  identifier: requiredText(PARTNER_MESSAGES.identifierRequired, 254),
});
export type AddPartnerUserInput = z.input<typeof addPartnerUserSchema>;

export const partnerUserParamsSchema = z.object({
  partnerId: uuidParam,
  userId: uuidParam,
});

/** `GET /partners/mine`: the partners the caller may create events for. */
export const myPartnersResponseSchema = z.object({
  items: z.array(partnerSummarySchema.pick({ _id: true, name: true, type: true, logo: true, status: true, isVerified: true })),
});

/** Logo upload limit: one image, like an event image. */
export const PARTNER_LOGO_MAX_BYTES = 10 * 1024 * 1024;
