import { describe, expect, it } from 'vitest';
import { followersClaim } from './waitlist-messages';

describe('followersClaim', () => {
  it('claims +20 until the list holds more, then the real count', () => {
    expect(followersClaim(0)).toBe('+20 personnes suivent');
    expect(followersClaim(20)).toBe('+20 personnes suivent');
    expect(followersClaim(21)).toBe('+21 personnes suivent');
    expect(followersClaim(12345)).toBe('+12\u202f345 personnes suivent');
    expect(followersClaim(Number.NaN)).toBe('+20 personnes suivent');
  });
});
