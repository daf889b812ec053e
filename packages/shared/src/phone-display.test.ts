import { createRequire } from 'node:module';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { displayCountries, subsetMetadata } from '../scripts/phone-display-subset.mjs';
import { formatPhone, PHONE_DISPLAY_COUNTRIES } from './phone-display';
import metadata from './phone-display-metadata.json';

const examples = createRequire(import.meta.url)('libphonenumber-js/examples.mobile.json') as Record<string, string>;

describe('showing phone numbers', () => {
  it('shows a stored number in international groups, and anything else as stored', () => {
    expect(formatPhone('+237677123456')).toBe('+237 6 77 12 34 56');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone(' +237677123456 ')).toBe('+237 6 77 12 34 56');
    expect(formatPhone('677001122')).toBe('+237 6 77 00 11 22');
    expect(formatPhone('pas un numéro')).toBe('pas un numéro');
    expect(formatPhone(null)).toBe('');
  });

  it('shows every listed country’s numbers as the whole library does, and other countries’ as stored', () => {
    for (const country of PHONE_DISPLAY_COUNTRIES) {
      const e164 = parsePhoneNumberFromString(examples[country] ?? '', country)?.number ?? '';
      expect(e164, country).not.toBe('');
      expect(formatPhone(e164), country).toBe(parsePhoneNumberFromString(e164)?.formatInternational());
    }
    // Japan is not listed: shown as stored.
    expect(formatPhone('+819012345678')).toBe('+819012345678');
  });

  it('carries the installed library’s metadata for exactly the listed countries (else: node packages/shared/scripts/phone-display-metadata.mjs)', () => {
    expect(displayCountries()).toEqual([...PHONE_DISPLAY_COUNTRIES]);
    expect(metadata).toEqual(subsetMetadata([...PHONE_DISPLAY_COUNTRIES]));
  });
});
