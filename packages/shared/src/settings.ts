import { z } from 'zod';
import { DEFAULT_LAUNCH_DATE, isLaunchDate } from './launch';

const int = (min: number, message: string) =>
  z.coerce.number({ message }).int({ message }).min(min, { message }).max(1_000_000, { message });

const generalShape = {
  siteName: z.string().trim().min(1, { message: 'Le nom du site est requis' }).max(100, { message: '100 caractères au maximum' }),
  siteDescription: z.string().trim().max(500, { message: '500 caractères au maximum' }),
  contactEmail: z.union([z.literal(''), z.email({ message: 'Adresse e-mail invalide' })]),
  supportPhone: z
    .string()
    .trim()
    .max(30, { message: '30 caractères au maximum' })
    .regex(/^[+\d\s().-]*$/, { message: 'Numéro de téléphone invalide' }),
  /** The planned launch day, 'YYYY-MM-DD': the landing page's FAQ says it (decision 017). */
  launchDate: z
    .string()
    .trim()
    .refine(isLaunchDate, { message: 'Date de lancement invalide : une vraie date entre 2024 et 2100' }),
};
const eventsShape = {
  maxEventsPerUser: int(1, 'Au moins 1 évènement par utilisateur'),
  maxParticipantsPerEvent: int(1, 'Au moins 1 participant par évènement'),
  requireApproval: z.boolean(),
  allowMultipleTickets: z.boolean(),
};
const notificationsShape = {
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  notifyOnNewEvent: z.boolean(),
  notifyOnEventUpdate: z.boolean(),
  notifyOnRegistration: z.boolean(),
};
/** ISO 3166 codes of the countries whose phone numbers get SMS (codes); others use e-mail. */
const smsCountriesSchema = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { message: 'Code pays invalide (deux lettres, ex. CM)' }),
    {
      message: 'Liste de pays invalide',
    },
  )
  .min(1, { message: 'Au moins un pays pour les SMS' })
  .max(50, { message: '50 pays au plus' });
/** The settings screen sends the list as typed: « CM, FR ». */
const smsCountriesInputSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean) : value),
  smsCountriesSchema,
);

const securityShape = {
  requireEmailVerification: z.boolean(),
  passwordMinLength: int(6, 'La longueur minimale du mot de passe est d’au moins 6').max(64, {
    message: 'La longueur minimale du mot de passe est de 64 au plus',
  }),
  sessionTimeout: int(1, 'La durée de session est d’au moins 1 heure').max(8760, {
    message: 'La durée de session est de 8760 heures (un an) au plus',
  }),
  maxLoginAttempts: int(1, 'Au moins 1 tentative de connexion').max(100, { message: '100 tentatives au plus' }),
};

/** The premium plans' prices in FCFA (issue 28): what a payment asks, read by the server only. */
const paymentsShape = {
  monthlyPrice: int(100, 'Le prix mensuel est d’au moins 100 FCFA'),
  yearlyPrice: int(100, 'Le prix annuel est d’au moins 100 FCFA'),
};

/** The ads' price list in FCFA (issue 30): per day in one city for each placement; all of Cameroon counts as `nationalFactor` cities. */
const adsShape = {
  agendaPerDay: int(100, 'Le prix par jour est d’au moins 100 FCFA'),
  landingPerDay: int(100, 'Le prix par jour est d’au moins 100 FCFA'),
  relatedPerDay: int(100, 'Le prix par jour est d’au moins 100 FCFA'),
  nationalFactor: int(1, 'Le coefficient national est d’au moins 1').max(16, {
    message: 'Le coefficient national est de 16 au plus',
  }),
};

/** Application settings, with their defaults and the validation of the settings form. */
export const settingsSchema = z.object({
  general: z.object(generalShape),
  events: z.object(eventsShape),
  notifications: z.object(notificationsShape),
  security: z.object({ ...securityShape, smsCountries: smsCountriesSchema }),
  payments: z.object(paymentsShape),
  ads: z.object(adsShape),
});

/** The body of `PUT /api/admin/settings`: the whole object, unknown keys refused. */
export const settingsInputSchema = z.strictObject({
  general: z.strictObject(generalShape),
  events: z.strictObject(eventsShape),
  notifications: z.strictObject(notificationsShape),
  security: z.strictObject({ ...securityShape, smsCountries: smsCountriesInputSchema }),
  payments: z.strictObject(paymentsShape),
  ads: z.strictObject(adsShape),
});
export type SettingsInput = z.input<typeof settingsInputSchema>;
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  general: {
    siteName: 'Évènements Cameroun',
    siteDescription: 'Créez, partagez et vivez les évènements près de chez vous.',
    contactEmail: 'contact@evenements.cm',
    supportPhone: '+237 6 77 00 00 00',
    launchDate: DEFAULT_LAUNCH_DATE,
  },
  events: {
    maxEventsPerUser: 10,
    maxParticipantsPerEvent: 1000,
    requireApproval: false,
    allowMultipleTickets: true,
  },
  notifications: {
    emailNotifications: true,
    pushNotifications: false,
    notifyOnNewEvent: true,
    notifyOnEventUpdate: true,
    notifyOnRegistration: true,
  },
  security: {
    requireEmailVerification: true,
    passwordMinLength: 8,
    sessionTimeout: 24,
    maxLoginAttempts: 5,
    smsCountries: ['CM'],
  },
  payments: { monthlyPrice: 2000, yearlyPrice: 20000 },
  ads: { agendaPerDay: 1000, landingPerDay: 1500, relatedPerDay: 500, nationalFactor: 5 },
};

/** What the public site may read of the settings (landing footer). */
export const publicSettingsSchema = z.object({
  siteName: z.string(),
  /** The length new passwords need now (settings, never below 8): the strength meters follow it. */
  passwordMinLength: z.number().int(),
  contactEmail: z.string(),
  supportPhone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
