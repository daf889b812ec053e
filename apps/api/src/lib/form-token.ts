import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A form token older than this is no token (the sign-up then takes the tighter limit). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Signed, timed form tokens (decision 021): the server says when a form was shown, so the minimum
 * fill time is measured by the server, never declared by the client. A token is
 * `<issue time, base 36>.<HMAC-SHA256 of it, cut to 32 characters>`; it holds nothing personal.
 */
export interface FormTokens {
  /** A new token for a form shown now. */
  issue(now?: number): string;
  /** How long ago a valid token was issued (ms); null when absent, forged, from the future or older than a day. */
  age(token: string | undefined, now?: number): number | null;
}

export function createFormTokens(secret: Buffer): FormTokens {
  const sign = (issuedAt: string) =>
    createHmac('sha256', secret).update(`waitlist-form|${issuedAt}`).digest('base64url').slice(0, 32);
  return {
    issue(now = Date.now()) {
      const issuedAt = now.toString(36);
      return `${issuedAt}.${sign(issuedAt)}`;
    },
    age(token, now = Date.now()) {
      const [issuedAt, mac, extra] = (token ?? '').split('.');
      if (!issuedAt || !mac || extra !== undefined || !/^[0-9a-z]{1,11}$/.test(issuedAt)) return null;
      const expected = Buffer.from(sign(issuedAt));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const age = now - Number.parseInt(issuedAt, 36);
      // A minute of clock difference between instances is tolerated.
      if (age < -60_000 || age > FORM_TOKEN_MAX_AGE_MS) return null;
      return Math.max(0, age);
    },
  };
}

/**
 * The key that signs form tokens: FORM_TOKEN_SECRET when set (several instances on separate
 * machines must share it), else `DATA_DIR/form-token.secret`, made of 32 random bytes (mode 0600)
 * at first start and read at every start after.
 */
export function loadFormTokenSecret(configured: string | undefined, dataDir: string): Buffer {
  return loadSecret(configured, dataDir, 'form-token.secret');
}

/**
 * A server key: the configured text when set, else the file `DATA_DIR/<fileName>`, made of 32
 * random bytes (mode 0600) at first start and read at every start after.
 */
export function loadSecret(configured: string | undefined, dataDir: string, fileName: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance sharing DATA_DIR wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < 32) throw new Error(`${file} holds less than 32 bytes: delete it to make a new one`);
  return secret;
}
