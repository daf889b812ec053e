// Writes packages/shared/src/phone-display-metadata.json: libphonenumber-js's 'min' metadata for the
// countries of PHONE_DISPLAY_COUNTRIES only (packages/shared/src/phone-display.ts).
// Run after changing that list or updating the library: node packages/shared/scripts/phone-display-metadata.mjs
import fs from 'node:fs';
import path from 'node:path';
import { subsetMetadata, displayCountries } from './phone-display-subset.mjs';

const target = path.resolve(import.meta.dirname, '../src/phone-display-metadata.json');
fs.writeFileSync(target, `${JSON.stringify(subsetMetadata(displayCountries()))}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)} (${fs.statSync(target).size} bytes)`);
