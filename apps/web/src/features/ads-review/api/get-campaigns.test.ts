import { describe, expect, it } from 'vitest';
import { campaignsQuery } from './get-campaigns';

describe('campaignsQuery', () => {
  it('sends the page and the chosen filters only', () => {
    expect(campaignsQuery({ phase: 'all', placement: 'all', city: 'all', from: null, to: null }, 1)).toEqual({
      page: 1,
      limit: 10,
    });
    expect(
      campaignsQuery({ phase: 'pending_review', placement: 'agenda', city: 'douala', from: '2026-12-01', to: '2026-12-31' }, 3),
    ).toEqual({
      page: 3,
      limit: 10,
      phase: 'pending_review',
      placement: 'agenda',
      city: 'douala',
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});
