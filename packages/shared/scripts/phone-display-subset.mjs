import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The countries listed in PHONE_DISPLAY_COUNTRIES (read from the source, so this script needs no TypeScript). */
export function displayCountries() {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../src/phone-display.ts'), 'utf8');
  const list = source.match(/PHONE_DISPLAY_COUNTRIES = \[([\s\S]*?)\] as const/)?.[1] ?? '';
  return [...list.matchAll(/'([A-Z]{2})'/g)].map((match) => match[1]);
}

/** libphonenumber-js's 'min' metadata restricted to `countries` (same format, same entries). */
export function subsetMetadata(countries) {
  const full = require('libphonenumber-js/metadata.min.json');
  const keep = new Set(countries);
  const callingCodes = {};
  for (const [code, list] of Object.entries(full.country_calling_codes)) {
    const kept = list.filter((country) => keep.has(country));
    if (kept.length) callingCodes[code] = kept;
  }
  const missing = countries.filter((country) => !full.countries[country]);
  if (missing.length) throw new Error(`unknown countries: ${missing.join(', ')}`);
  return {
    version: full.version,
    country_calling_codes: callingCodes,
    countries: Object.fromEntries(countries.map((country) => [country, full.countries[country]])),
  };
}
