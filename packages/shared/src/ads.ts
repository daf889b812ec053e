import { z } from 'zod';
import { pageOf, pageQuerySchema, uuidParam } from './common';
import { CAMEROON_CITIES, CAMEROON_CITY_KEYS, type CameroonCity } from './near-me';
import { operatorSchema, paymentSchema } from './payments';
import { phoneSchema } from './phone';
import type { Settings } from './settings';

/*
 * 'Publicités' (issue 30, decision 068): an organiser, a partner's authorised user or a business
 * page's owner promotes one event, in some cities or all of Cameroon, for a few days, in one
 * placement; pays its price with Mobile Money; the team approves it; the event then shows marked
 * 'Sponsorisé'. Impressions and clicks are counted per day, once per visitor and campaign.
 */

// ─── placements and prices ───────────────────────────────────────────────────────────────────

/** Where a promoted event shows: the agenda's top, the landing's highlighted events, an event page's 'À découvrir aussi'. */
export const AD_PLACEMENTS = ['agenda', 'landing', 'related'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export const adPlacementSchema = z.enum(AD_PLACEMENTS, { message: 'Emplacement inconnu' });

export const AD_PLACEMENT_LABELS: Record<AdPlacement, string> = {
  agenda: 'En tête de l’agenda',
  landing: 'Évènements à la une (accueil)',
  related: '« À découvrir aussi » (pages d’évènement)',
};

/** The settings' price list (settings › ads): FCFA per day in one city, and the factor for all of Cameroon. */
export type AdPrices = Settings['ads'];

export function pricePerDay(prices: AdPrices, placement: AdPlacement): number {
  return placement === 'agenda' ? prices.agendaPerDay : placement === 'landing' ? prices.landingPerDay : prices.relatedPerDay;
}

/** The longest campaign, in days. */
export const CAMPAIGN_MAX_DAYS = 60;
/** A campaign starts at most this many days ahead. */
export const CAMPAIGN_START_MAX_DAYS_AHEAD = 90;

/** Days from `startDate` to `endDate` inclusive ('YYYY-MM-DD'); 0 when the end is before the start. */
export function campaignDays(startDate: string, endDate: string): number {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 0;
  return Math.round((end - start) / 86_400_000) + 1;
}

/** A campaign's price: the placement's price per day × the days × the cities (all of Cameroon: the national factor). */
export function campaignPrice(
  prices: AdPrices,
  campaign: { placement: AdPlacement; national: boolean; cities: readonly string[]; startDate: string; endDate: string },
): number {
  const areas = campaign.national ? prices.nationalFactor : campaign.cities.length;
  return pricePerDay(prices, campaign.placement) * campaignDays(campaign.startDate, campaign.endDate) * areas;
}

export const AD_CITY_KEYS = CAMEROON_CITY_KEYS;
export const adCitySchema = z.enum(CAMEROON_CITY_KEYS, { message: 'Ville inconnue' });

export function cityName(city: string): string {
  return CAMEROON_CITIES[city as CameroonCity]?.name ?? city;
}

/** 'Douala' or 'douala' or 'Yaoundé' → the city key ('douala', 'yaounde'), or null for a city not in the list. */
export function cityKeyOf(name: string | null | undefined): CameroonCity | null {
  if (!name) return null;
  const plain = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
  return (CAMEROON_CITY_KEYS as readonly string[]).includes(plain) ? (plain as CameroonCity) : null;
}

// ─── statuses ────────────────────────────────────────────────────────────────────────────────

/**
 * Stored statuses. `unpaid`: created, no successful payment yet; `pending_review`: paid, waiting
 * for the team; `approved`: shown between its dates; `refused`: refused by the team and refunded;
 * `suspended`: stopped by the team; `stopped`: its event was cancelled, unpublished or blocked.
 */
export const CAMPAIGN_STATUSES = ['unpaid', 'pending_review', 'approved', 'refused', 'suspended', 'stopped'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a person reads: an approved campaign is 'scheduled', 'live' or 'ended' by its dates (Douala days). */
export const CAMPAIGN_PHASES = [
  'unpaid',
  'pending_review',
  'scheduled',
  'live',
  'ended',
  'refused',
  'suspended',
  'stopped',
] as const;
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];
export const campaignPhaseSchema = z.enum(CAMPAIGN_PHASES, { message: 'Statut inconnu' });

export const CAMPAIGN_PHASE_LABELS: Record<CampaignPhase, string> = {
  unpaid: 'À payer',
  pending_review: 'En attente de validation',
  scheduled: 'Programmée',
  live: 'En cours',
  ended: 'Terminée',
  refused: 'Refusée',
  suspended: 'Suspendue',
  stopped: 'Arrêtée',
};

// ─── messages ────────────────────────────────────────────────────────────────────────────────

export const CAMPAIGN_MESSAGES = {
  created: 'Campagne créée : payez-la pour l’envoyer en validation',
  notFound: 'Campagne introuvable',
  eventNotPromotable: 'Vous ne pouvez promouvoir que vos propres évènements, publiés et à venir',
  citiesRequired: 'Choisissez au moins une ville, ou tout le Cameroun',
  startInvalid: 'Date de début invalide',
  endInvalid: 'Date de fin invalide',
  startPast: 'La campagne ne peut pas commencer dans le passé',
  startTooFar: `La campagne doit commencer dans les ${CAMPAIGN_START_MAX_DAYS_AHEAD} prochains jours`,
  endBeforeStart: 'La date de fin doit être après la date de début',
  tooLong: `Une campagne dure au plus ${CAMPAIGN_MAX_DAYS} jours`,
  budgetInvalid: 'Budget invalide',
  budgetBelowPrice: (price: string) => `Le budget est inférieur au prix de cette campagne : ${price}`,
  notPayable: 'Cette campagne n’est plus à payer',
  paymentStarted: 'Validez le paiement sur votre téléphone',
  notReviewable: 'Cette campagne n’attend pas de validation',
  notSuspendable: 'Seule une campagne validée peut être suspendue',
  notResumable: 'Seule une campagne suspendue peut reprendre',
  reasonRequired: 'Indiquez le motif',
  approved: 'Campagne validée',
  refused: 'Campagne refusée et remboursée',
  suspended: 'Campagne suspendue',
  resumed: 'Campagne reprise',
  refundFailed: 'Le remboursement n’a pas abouti : la campagne reste en attente. Réessayez plus tard.',
} as const;

// ─── the advertiser ──────────────────────────────────────────────────────────────────────────

/** A real calendar day 'YYYY-MM-DD' (Douala). */
const daySchema = (message: string) =>
  z.iso.date({ message }).refine((day) => day >= '2000-01-01' && day <= '2100-12-31', { message });

/**
 * `POST /api/campaigns`: the event, where and when. `budget` is the price the advertiser was
 * shown: refused when below the server's price (the amount asked is always the server's).
 */
export const createCampaignSchema = z
  .strictObject({
    eventId: uuidParam,
    placement: adPlacementSchema,
    national: z.boolean().default(false),
    cities: z.array(adCitySchema).max(CAMEROON_CITY_KEYS.length).default([]),
    startDate: daySchema(CAMPAIGN_MESSAGES.startInvalid),
    endDate: daySchema(CAMPAIGN_MESSAGES.endInvalid),
    budget: z
      .number({ message: CAMPAIGN_MESSAGES.budgetInvalid })
      .int({ message: CAMPAIGN_MESSAGES.budgetInvalid })
      .min(0)
      .max(100_000_000),
  })
  .superRefine((value, context) => {
    if (!value.national && value.cities.length === 0) {
      context.addIssue({ code: 'custom', path: ['cities'], message: CAMPAIGN_MESSAGES.citiesRequired });
    }
    if (value.endDate < value.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_MESSAGES.endBeforeStart });
    } else if (campaignDays(value.startDate, value.endDate) > CAMPAIGN_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_MESSAGES.tooLong });
    }
  })
  .transform((value) => ({ ...value, cities: value.national ? [] : [...new Set(value.cities)] }));
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;

/** `POST /api/campaigns/:id/payment`: pays the campaign's price, as premium is paid. */
export const payCampaignSchema = z.strictObject({
  phone: phoneSchema,
  operator: operatorSchema,
  idempotencyKey: z.uuid({ message: 'Clé de requête invalide' }),
});
export type PayCampaignInput = z.input<typeof payCampaignSchema>;

/** The event a campaign promotes, as its cards show it. */
export const campaignEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  city: z.string(),
  startDateTime: z.string(),
  /** The public page's path. */
  href: z.string(),
  /** The card image's address, if any. */
  image: z.string().nullable(),
});

export const campaignDaySchema = z.object({ day: z.string(), impressions: z.number().int(), clicks: z.number().int() });
export type CampaignDay = z.infer<typeof campaignDaySchema>;

export const campaignSchema = z.object({
  _id: z.string(),
  event: campaignEventSchema,
  placement: adPlacementSchema,
  national: z.boolean(),
  cities: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
  /** FCFA asked (the server's price when created). */
  price: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  phase: campaignPhaseSchema,
  /** The team's reason for a refusal or a suspension; why it was stopped. */
  reason: z.string().nullable(),
  /** The campaign's last payment, if any. */
  payment: paymentSchema.pick({ _id: true, reference: true, status: true, amount: true }).nullable(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignDetailSchema = campaignSchema.extend({ daily: z.array(campaignDaySchema) });
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignResponseSchema = z.object({ message: z.string().optional(), campaign: campaignDetailSchema });
export const campaignsPageSchema = pageOf(campaignSchema);
export type CampaignsPage = z.infer<typeof campaignsPageSchema>;

/** `GET /api/campaigns/options`: the price list and the events the caller may promote. */
export const campaignOptionsSchema = z.object({
  prices: z.object({
    agendaPerDay: z.number().int(),
    landingPerDay: z.number().int(),
    relatedPerDay: z.number().int(),
    nationalFactor: z.number().int(),
  }),
  maxDays: z.number().int(),
  /** Today, Douala ('YYYY-MM-DD'): the first day a campaign may start. */
  today: z.string(),
  events: z.array(campaignEventSchema),
  /** True while payments go to the local emulators. */
  emulated: z.boolean(),
});
export type CampaignOptions = z.infer<typeof campaignOptionsSchema>;

// ─── the team ('Publicités', manage_ads) ────────────────────────────────────────────────────

export const adminCampaignsQuerySchema = pageQuerySchema.extend({
  phase: campaignPhaseSchema.optional(),
  placement: adPlacementSchema.optional(),
  city: adCitySchema.optional(),
  /** Campaigns running on some day between from and to (Douala days, inclusive). */
  from: daySchema('Date invalide').optional(),
  to: daySchema('Date invalide').optional(),
});
export type AdminCampaignsQuery = z.infer<typeof adminCampaignsQuerySchema>;

export const campaignAdvertiserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});

export const adminCampaignSchema = campaignSchema.extend({ advertiser: campaignAdvertiserSchema });
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;
export const adminCampaignsPageSchema = pageOf(adminCampaignSchema);
export type AdminCampaignsPage = z.infer<typeof adminCampaignsPageSchema>;
export const adminCampaignDetailSchema = adminCampaignSchema.extend({ daily: z.array(campaignDaySchema) });
export type AdminCampaignDetail = z.infer<typeof adminCampaignDetailSchema>;
export const adminCampaignResponseSchema = z.object({ message: z.string().optional(), campaign: adminCampaignDetailSchema });

export const campaignReasonSchema = z.strictObject({
  reason: z
    .string({ message: CAMPAIGN_MESSAGES.reasonRequired })
    .trim()
    .min(1, { message: CAMPAIGN_MESSAGES.reasonRequired })
    .max(500, { message: '500 caractères au maximum' }),
});

// ─── serving and counting (public) ───────────────────────────────────────────────────────────

/** At most one promoted card in every this many cards. */
export const SPONSORED_EVERY = 5;
export const SPONSORED_LABEL = 'Sponsorisé';

/** `GET /api/ads/served`: promoted events for one placement and city, never `exclude`. */
export const servedAdsQuerySchema = z.object({
  placement: adPlacementSchema,
  city: z.string().trim().max(100).optional(),
  exclude: z
    .array(uuidParam)
    .max(100)
    .or(uuidParam.transform((id) => [id]))
    .optional(),
  /** How many promoted events (not a page size: the list is never paged). */
  count: z.coerce.number().int().min(1).max(5).default(1),
});

export const servedAdSchema = z.object({ campaignId: z.string(), event: campaignEventSchema });
export type ServedAd = z.infer<typeof servedAdSchema>;
export const servedAdsSchema = z.object({ items: z.array(servedAdSchema) });

/** `POST /api/ads/impressions` (cards seen) and `POST /api/ads/clicks` (a card followed). */
export const adImpressionsSchema = z.strictObject({ campaignIds: z.array(uuidParam).min(1).max(10) });
export const adClickSchema = z.strictObject({ campaignId: uuidParam });
