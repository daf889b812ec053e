import { describe, expect, it } from 'vitest';
import { phoneSearchDigits, toE164 } from './phone';

describe('phone numbers', () => {
  it('reads a number written in any usual form, Cameroon by default', () => {
    expect(toE164('677 12 34 56')).toBe('+237677123456');
    expect(toE164('00237 6 77 12 34 56')).toBe('+237677123456');
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('12')).toBeNull();
    expect(toE164('')).toBeNull();
  });

  it('reads a phone search in any written form as the digits every stored form contains', () => {
    expect(phoneSearchDigits('+237 6 99 00 11 33')).toBe('237699001133');
    expect(phoneSearchDigits('00237 699 00 11 33')).toBe('237699001133');
    expect(phoneSearchDigits('6 99 00 11 33')).toBe('237699001133');
    expect(phoneSearchDigits('699001133')).toBe('237699001133');
    expect(phoneSearchDigits('+33 6 12 34 56 78')).toBe('33612345678');
    expect(phoneSearchDigits('6 99-00')).toBe('69900');
    expect(phoneSearchDigits('00237 6 99')).toBe('237699');
    expect(phoneSearchDigits('Awa 699')).toBeNull();
    expect(phoneSearchDigits('awa@example.cm')).toBeNull();
    expect(phoneSearchDigits('+ ( )')).toBeNull();
  });
});
