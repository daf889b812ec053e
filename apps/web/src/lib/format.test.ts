import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDateTime, formatMoney, formatNumber, formatRelative } from './format';

describe('dates in Douala time', () => {
  it('shows an instant as read in Douala (UTC+1), whatever the machine’s zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Douala.
    expect(formatDate('2026-12-31T23:30:00.000Z', { dateStyle: 'short' }, 'fr')).toBe('01/01/2027');
    expect(formatLongDateTime('2026-12-12T17:00:00.000Z', 'fr')).toBe('samedi 12 décembre 2026 à 18:00');
    expect(formatLongDateTime('2026-12-12T17:00:00.000Z', 'en')).toBe('Saturday, 12 December 2026 at 18:00');
  });

  it('says “Date invalide” for a bad date and “Non disponible” for a missing one', () => {
    expect(formatDate('pas une date', undefined, 'fr')).toBe('Date invalide');
    expect(formatDate('pas une date', undefined, 'en')).toBe('Invalid date');
    expect(formatDate(null, undefined, 'fr')).toBe('Non disponible');
    expect(formatDate('', undefined, 'en')).toBe('Not available');
  });
});

describe('numbers and money', () => {
  it('groups digits as each language does and shows francs CFA without decimals', () => {
    expect(formatNumber(1234567, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatNumber(null, 'en')).toBe('0');
    expect(formatMoney(2500.4, 'fr')).toBe('2\u202f500\u00a0FCFA');
  });
});

describe('relative times', () => {
  const now = Date.parse('2027-06-12T12:00:00Z');
  it('says how long ago within a week, then the date', () => {
    expect(formatRelative('2027-06-12T11:59:58Z', now, 'fr')).toBe('il y a 2 secondes');
    expect(formatRelative('2027-06-12T11:55:00Z', now, 'fr')).toBe('il y a 5 minutes');
    expect(formatRelative('2027-06-11T12:00:00Z', now, 'fr')).toBe('hier');
    expect(formatRelative('2027-06-12T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatRelative('2027-05-01T12:00:00Z', now, 'fr')).toBe('1 mai 2027');
  });
});
