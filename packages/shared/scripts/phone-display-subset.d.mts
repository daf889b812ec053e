import type { MetadataJson } from 'libphonenumber-js/core';

export function displayCountries(): string[];
export function subsetMetadata(countries: string[]): MetadataJson;
