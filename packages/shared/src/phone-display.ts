import { type CountryCode, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from './phone-display-metadata.json';

/**
 * The countries whose numbers are shown in international groups on the screens. Their metadata
 * only (`phone-display-metadata.json`, a few KB instead of the library's 120 KB for every country)
 * is what a screen that shows numbers loads; reading and checking a typed number (`phone.ts`) keeps
 * every country. Cameroon, its neighbours, the other countries of Central and West Africa people
 * here call most, and those of the diaspora. After a change or a library update:
 * `node packages/shared/scripts/phone-display-metadata.mjs` (a test checks the file is current).
 */
export const PHONE_DISPLAY_COUNTRIES = [
  // Cameroon and its neighbours (CEMAC and Nigeria)
  'CM',
  'NG',
  'TD',
  'CF',
  'CG',
  'GA',
  'GQ',
  // Central and West Africa
  'CD',
  'CI',
  'SN',
  'BJ',
  'TG',
  'BF',
  'ML',
  'NE',
  'GN',
  'GH',
  'RW',
  'BI',
  'MA',
  'DZ',
  'TN',
  'ZA',
  // The diaspora
  'FR',
  'BE',
  'CH',
  'DE',
  'GB',
  'IT',
  'ES',
  'NL',
  'US',
  'CA',
  'CN',
  'AE',
] as const satisfies readonly CountryCode[];

/**
 * How a stored phone number is shown everywhere: international groups, '+237 6 77 00 11 22'.
 * A value that does not parse, or of a country outside PHONE_DISPLAY_COUNTRIES, is shown as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value.trim(), 'CM', metadata as unknown as MetadataJson);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}
