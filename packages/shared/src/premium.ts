/*
 * What premium is (issue 28), one rule for the API, the web app and the jobs: the plan 'premium'
 * while `premium_until` has not passed (null: premium without an end, given by the team). What it
 * unlocks is listed here so the Premium page and the gates say the same.
 */

export function isPremiumActive(
  plan: string | null | undefined,
  premiumUntil: Date | string | null | undefined,
  now = new Date(),
): boolean {
  if (plan !== 'premium') return false;
  if (premiumUntil === null || premiumUntil === undefined) return true;
  return new Date(premiumUntil).getTime() > now.getTime();
}

export const PREMIUM_FEATURES = ['detailed_stats', 'customisation', 'near_me'] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

export const PREMIUM_FEATURE_LABELS: Record<PremiumFeature, string> = {
  detailed_stats: 'Statistiques détaillées de vos évènements : jour par jour et par provenance',
  customisation: 'Pages d’évènement personnalisées : couleur, mise en page de la couverture et adresse courte',
  near_me: 'Près de moi : les évènements autour de vous, du plus proche au plus loin',
};

/** The refusal of a premium feature to a freemium account (403 PREMIUM_REQUIRED). */
export const PREMIUM_REQUIRED_MESSAGE = 'Cette fonction est réservée aux comptes Premium. Passez à Premium depuis votre espace.';
