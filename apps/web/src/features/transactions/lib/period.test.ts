import { describe, expect, it } from 'vitest';
import { periodRange } from './period';

describe('periodRange', () => {
  // 2026-03-01 00:30 in Douala is 2026-02-28 23:30 UTC: already March there.
  const now = Date.parse('2026-02-28T23:30:00Z');

  it('reads the days in Douala time', () => {
    expect(periodRange('today', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(periodRange('7d', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodRange('month', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(periodRange('last-month', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('year', now)).toEqual({ from: '2026-01-01', to: '2026-03-01' });
    expect(periodRange('all', now)).toEqual({ from: null, to: null });
  });

  it('goes back across a new year', () => {
    expect(periodRange('last-month', Date.parse('2026-01-10T12:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
