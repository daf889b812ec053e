import { describe, expect, it } from 'vitest';
import { isLaunchDate, launchAnswer, todayInDouala, yearInDouala } from './launch';

describe('launch date', () => {
  it('accepts real days only', () => {
    expect(isLaunchDate('2026-12-15')).toBe(true);
    expect(isLaunchDate('2028-02-29')).toBe(true);
    expect(isLaunchDate('2026-02-30')).toBe(false);
    expect(isLaunchDate('15/12/2026')).toBe(false);
    expect(isLaunchDate('1999-01-01')).toBe(false);
  });

  it('says the planned day and its quarter before, the opening day from then on', () => {
    expect(launchAnswer('2027-03-01', '2026-11-24')).toBe(
      'Le lancement est prévu le 1er mars 2027, au premier trimestre 2027 (T1 2027). Inscrivez-vous sur la liste d’attente pour être prévenu dès l’ouverture.',
    );
    expect(launchAnswer('2026-12-15', '2026-11-24')).toContain('quatrième trimestre 2026 (T4 2026)');
    expect(launchAnswer('2026-12-15', '2026-12-15')).toMatch(/^L’application est disponible depuis le 15 décembre 2026\./);
  });

  it('counts days and years in Douala time (UTC+1)', () => {
    expect(yearInDouala(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(yearInDouala(new Date('2026-12-31T22:30:00Z'))).toBe(2026);
    expect(todayInDouala(new Date('2026-11-24T23:10:00Z'))).toBe('2026-11-25');
  });
});
