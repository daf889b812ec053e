/**
 * Referral codes and links without zod, so a screen that shows a link ('Mon compte') stays light.
 * `referrals.ts` re-exports them.
 */

/** 8 characters of Crockford's base 32 (no I, L, O, U); compared without regard to case. */
export const REFERRAL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/i;

/** The code as stored (upper case), or null when `value` cannot be a referral code. */
export function normaliseReferralCode(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return REFERRAL_CODE_PATTERN.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** `PUBLIC_URL/?ref=CODE`. */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}

/** The message of 'Partager sur WhatsApp'. */
export function whatsappShareText(link: string, siteName = 'Évènements Cameroun'): string {
  return `Rejoins-moi sur ${siteName} pour découvrir les meilleurs évènements près de chez toi ! Inscris-toi avec mon lien : ${link}`;
}

export function whatsappShareUrl(link: string, siteName?: string): string {
  return `https://wa.me/?text=${encodeURIComponent(whatsappShareText(link, siteName))}`;
}
