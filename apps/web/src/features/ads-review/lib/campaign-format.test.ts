import { describe, expect, it } from 'vitest';
import { campaignArea, clickRate, dayParam, formatDay } from './campaign-format';

/** Intl puts a narrow no-break space before '%' in French: compare with plain spaces. */
const plain = (text: string | null) => text?.replace(/[\u202f\u00a0]/g, ' ') ?? null;

describe('clickRate', () => {
  it('gives clicks per impression with one decimal, French and English', () => {
    expect(plain(clickRate(1000, 42, 'fr'))).toBe('4,2 %');
    expect(clickRate(1000, 42, 'en')).toBe('4.2%');
    expect(plain(clickRate(3, 1, 'fr'))).toBe('33,3 %');
    expect(plain(clickRate(10, 0, 'fr'))).toBe('0 %');
    expect(plain(clickRate(4, 4, 'fr'))).toBe('100 %');
  });

  it('gives no rate when nothing was shown', () => {
    expect(clickRate(0, 0, 'fr')).toBeNull();
    expect(clickRate(0, 3, 'en')).toBeNull();
  });
});

describe('formatDay', () => {
  it('says the calendar day as written, whatever the time zone', () => {
    expect(formatDay('2026-12-01', 'fr')).toBe('1 déc. 2026');
    expect(formatDay('2026-12-31', 'en')).toBe('31 Dec 2026');
  });

  it('leaves a value that is not a day as it is', () => {
    expect(formatDay('demain', 'fr')).toBe('demain');
  });
});

describe('campaignArea', () => {
  it('names the cities, or the whole country', () => {
    expect(campaignArea({ national: false, cities: ['douala', 'yaounde'] }, 'Tout le Cameroun')).toBe('Douala, Yaoundé');
    expect(campaignArea({ national: true, cities: [] }, 'Tout le Cameroun')).toBe('Tout le Cameroun');
  });
});

describe('dayParam', () => {
  it('keeps real days only', () => {
    expect(dayParam('2026-02-28')).toBe('2026-02-28');
    expect(dayParam('2026-02-30')).toBeNull();
    expect(dayParam('28/02/2026')).toBeNull();
    expect(dayParam(null)).toBeNull();
  });
});
