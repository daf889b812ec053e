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

/** Only what people write in a phone number: digits, spaces, '+', '(', ')', '.', '-', '/'. */
const PHONE_CHARACTERS = /^[\d\s+().\-/]+$/;

/**
 * A search for a phone number in any written form ('+237 6 99 00 11 33', '00237699001133',
 * '6 99 00 11 33', '699-00'), as the digits every stored form of it contains, or null when the
 * query is not made of phone characters only (then it is a name, an e-mail…). A whole number
 * answers its E.164 digits ('237699001133', found in '+237699001133' as in '237699001133'); a
 * part answers its digits, without the '00' written before a country code. Every list that
 * searches phones uses it (users, administrators, partners' users, partners, waiting list).
 */
export function phoneSearchDigits(query: string): string | null {
  const trimmed = query.trim();
  if (!PHONE_CHARACTERS.test(trimmed) || !/\d/.test(trimmed)) return null;
  const e164 = toE164(trimmed);
  if (e164) return e164.slice(1);
  return trimmed.replace(/^00/, '').replace(/\D/g, '');
}
