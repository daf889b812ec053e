/**
 * Waiting-list texts and rules without zod, so the landing page can import them and stay light.
 * `waitlist.ts` re-exports them.
 */

/** A waiting-list entry's states. */
export const WAITLIST_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Below this many milliseconds between the form appearing and its sending, a person did not type it. */
export const WAITLIST_MIN_FILL_MS = 1500;

/** French texts of the waiting-list sign-up, shared by the API and the landing form. */
export const WAITLIST_MESSAGES = {
  success: 'Merci de votre intérêt ! Vous serez notifié dès que nous serons prêts.',
  alreadyRegistered:
    'Vous êtes déjà inscrit sur la liste d’attente. Merci de votre intérêt, nous vous préviendrons dès que nous serons prêts !',
  fallbackShort: 'Une erreur est survenue',
  fallback: 'Désolé, une erreur est survenue. Veuillez réessayer plus tard.',
  tooFast: 'Envoi trop rapide. Vérifiez vos informations et réessayez dans un instant.',
} as const;

/** The landing claim: '+20 personnes suivent', or the real count once it is higher. */
export function followersClaim(count: number): string {
  const shown = Number.isFinite(count) && count > 20 ? Math.floor(count) : 20;
  return `+${shown.toLocaleString('fr-FR')} personnes suivent`;
}
