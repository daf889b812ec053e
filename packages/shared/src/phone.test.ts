import { describe, expect, it } from 'vitest';
import { formatPhone, toE164 } from './phone';

describe('phone numbers', () => {
  it('reads a number written in any usual form, Cameroon by default', () => {
    expect(toE164('677 12 34 56')).toBe('+237677123456');
    expect(toE164('00237 6 77 12 34 56')).toBe('+237677123456');
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('12')).toBeNull();
    expect(toE164('')).toBeNull();
  });

  it('shows a stored number in international groups, and anything else as stored', () => {
    expect(formatPhone('+237677123456')).toBe('+237 6 77 12 34 56');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('pas un numéro')).toBe('pas un numéro');
    expect(formatPhone(null)).toBe('');
  });
});
