import { describe, expect, it } from 'vitest';
import { doualaDate, doualaDateTime, doualaDayRange, doualaIso, doualaMidnight, toDoualaParts } from './douala-time';

describe('Douala time (UTC+1, no daylight saving)', () => {
  it('puts 23:30 UTC on the next Douala day, and 22:59 UTC on the same one', () => {
    expect(doualaDate(new Date('2027-06-10T23:30:00Z'))).toBe('2027-06-11');
    expect(doualaDate(new Date('2027-06-10T22:59:00Z'))).toBe('2027-06-10');
  });

  it('starts a Douala day at 23:00 UTC the evening before', () => {
    expect(new Date(doualaMidnight(new Date('2027-06-11T10:00:00Z'))).toISOString()).toBe('2027-06-10T23:00:00.000Z');
    expect(doualaDayRange(new Date('2027-06-10T23:00:00Z'))).toEqual({
      from: new Date('2027-06-10T23:00:00Z'),
      to: new Date('2027-06-11T23:00:00Z'),
    });
  });

  it('reads and writes form dates and times in Douala time', () => {
    expect(doualaDateTime('2027-06-12', '18:00')).toBe('2027-06-12T18:00:00+01:00');
    expect(toDoualaParts('2027-06-12T17:00:00.000Z')).toEqual({ date: '2027-06-12', time: '18:00' });
    expect(toDoualaParts('pas une date')).toEqual({ date: '', time: '' });
    expect(doualaIso(new Date('2027-06-12T17:00:00Z'))).toBe('2027-06-12T18:00:00+01:00');
  });
});
