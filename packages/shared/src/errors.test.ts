import { describe, expect, it } from 'vitest';
import { errorCodeSchema } from './common';
import { ERROR_CODES, ERROR_STATUS } from './errors';

describe('error codes and their statuses', () => {
  it('gives every code one error status, and lists the codes of the table', () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_STATUS));
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      expect(status >= 400 && status < 600, `${code} → ${status}`).toBe(true);
      expect(errorCodeSchema.parse(code)).toBe(code);
    }
  });

  it('keeps one code per meaning: the caller’s own blocked account is 403, an aimed-at blocked account 409', () => {
    expect(ERROR_STATUS.ACCOUNT_BLOCKED).toBe(403);
    expect(ERROR_STATUS.USER_BLOCKED).toBe(409);
    expect(ERROR_STATUS.NOT_OWNER).toBe(403);
    expect(errorCodeSchema.safeParse('EVENT_NOT_YOURS').success).toBe(false);
  });
});
