import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

export const DEFAULT_COUNTRY = 'CM' as const;
export const DEFAULT_DIAL_CODE = '+237';

/**
 * Parses a phone number written in any usual form ('677 12 34 56', '+237677123456',
 * '00237 6 77 12 34 56') with Cameroon as the default country, and answers its E.164 form,
 * or null when it is not a valid number.
 */
export function toE164(input: string): string | null {
  const cleaned = input.trim().replace(/^00/, '+');
  if (!cleaned || cleaned.length > 30) return null;
  const parsed = parsePhoneNumberFromString(cleaned, DEFAULT_COUNTRY);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

export const PHONE_INVALID = 'Numéro de téléphone invalide';

/** A zod transform: the number in E.164, or the issue PHONE_INVALID. */
export function asE164(value: string, ctx: z.RefinementCtx): string {
  const e164 = toE164(value);
  if (!e164) {
    ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
    return z.NEVER;
  }
  return e164;
}

export const phoneSchema = z
  .string({ message: 'Numéro de téléphone requis' })
  .trim()
  .min(1, { message: 'Numéro de téléphone requis' })
  .max(30, { message: PHONE_INVALID })
  .transform(asE164);

/**
 * How a stored phone number is shown everywhere: international groups, '+237 6 77 00 11 22'.
 * A value that does not parse is shown as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/** The ISO 3166 country of an E.164 number ('CM'), or null. */
export function phoneCountry(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

/** French names of countries ('Cameroun'), joined for a message. */
export function countryNamesFr(codes: readonly string[]): string {
  const names = new Intl.DisplayNames(['fr'], { type: 'region' });
  return codes.map((code) => names.of(code) ?? code).join(', ');
}

/** The refusal when SMS may not go to a number's country (settings › security › smsCountries). */
export function smsCountryRefused(codes: readonly string[]): string {
  return `Nous n’envoyons les SMS qu’aux numéros de : ${countryNamesFr(codes)}. Utilisez un de ces numéros ou une adresse e-mail.`;
}
