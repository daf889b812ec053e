import { MESSAGES, OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@app/shared/auth';
import { AppError } from '../../lib/errors';
import { newNumericCode, safeEqualHex, sha256 } from '../../lib/tokens';
import type { Database } from '../../db/client';
import {
  type CodeChannel,
  type CodePurpose,
  consumeCode,
  countRecentCodes,
  latestCode,
  type OneTimeCodeRow,
  openCodes,
  replaceCode,
  takeCodeAttempt,
} from './auth.repository';

/**
 * Codes sent (sign-in, registration, resend and reset together) per account and per destination
 * (an e-mail or a phone): caps SMS pumping (decision 008).
 */
export const CODE_CAPS = { perHour: 5, perDay: 10 } as const;

/** An id no account has: unknown accounts run the same queries as known ones. */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/** The hash is bound to the account and the purpose, so a code never serves another use. */
function hashCode(userId: string, purpose: CodePurpose, code: string): string {
  return sha256(`${purpose}:${userId}:${code}`);
}

/** Seconds left before a new code may be sent on this channel (0 when allowed now). */
export async function resendWait(
  db: Database,
  userId: string,
  purpose: CodePurpose,
  channel?: CodeChannel,
  now = Date.now(),
): Promise<number> {
  const last = await latestCode(db, userId, purpose, channel);
  if (!last) return 0;
  const elapsed = (now - last.createdAt.getTime()) / 1000;
  return elapsed >= OTP_RESEND_SECONDS ? 0 : Math.ceil(OTP_RESEND_SECONDS - elapsed);
}

/** Whether one more code may go to this account and this destination now. */
export async function underCodeCaps(db: Database, userId: string, destination: string, now = Date.now()): Promise<boolean> {
  const counts = await countRecentCodes(db, userId, destination, {
    hour: new Date(now - 3600_000),
    day: new Date(now - 86_400_000),
  });
  return (
    counts.accountHour < CODE_CAPS.perHour &&
    counts.destinationHour < CODE_CAPS.perHour &&
    counts.accountDay < CODE_CAPS.perDay &&
    counts.destinationDay < CODE_CAPS.perDay
  );
}

export function codeCapReached(): AppError {
  return new AppError(
    429,
    'OTP_LIMIT',
    'Trop de codes ont été envoyés à ce compte ou à ce contact. Réessayez dans une heure.',
    undefined,
    { retryAfter: 3600 },
  );
}

export function tooSoon(seconds: number): AppError {
  return new AppError(
    429,
    'OTP_TOO_SOON',
    `Veuillez patienter ${seconds} secondes avant de demander un nouveau code.`,
    undefined,
    { retryAfter: seconds },
  );
}

/**
 * A new 6-digit code (CSPRNG) for one channel and destination, stored hashed, valid 300 s;
 * earlier codes of that purpose and channel end.
 */
export async function issueCode(
  db: Database,
  userId: string,
  purpose: CodePurpose,
  target: { channel: CodeChannel; destination: string },
): Promise<string> {
  const code = newNumericCode(6);
  const now = new Date();
  await replaceCode(db, {
    userId,
    purpose,
    channel: target.channel,
    destination: target.destination,
    codeHash: hashCode(userId, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
  });
  return code;
}

const invalid = () => new AppError(400, 'OTP_INVALID', MESSAGES.otpInvalid, { otp: [MESSAGES.otpInvalid] });
const expired = () =>
  new AppError(400, 'OTP_EXPIRED', 'Code OTP expiré. Demandez un nouveau code.', {
    otp: ['Code OTP expiré. Demandez un nouveau code.'],
  });
const dead = () =>
  new AppError(400, 'OTP_TOO_MANY_TRIES', 'Trop de tentatives avec ce code. Demandez un nouveau code.', {
    otp: ['Trop de tentatives avec ce code. Demandez un nouveau code.'],
  });

/**
 * Checks and uses a code: unknown, used, expired, dead (5 tries) or wrong codes are refused.
 * Every check takes one try atomically first (`UPDATE … WHERE attempts < 5`), so parallel
 * guesses never check more than 5. Several open codes (one per contact) are each checked.
 * `uniform`: every refusal is `OTP_INVALID`, so an unknown account answers like a known one
 * (password reset). Throws; answers the code that matched, now used.
 */
export async function useCode(
  db: Database,
  userId: string | null,
  purpose: CodePurpose,
  code: string,
  options: { uniform?: boolean } = {},
): Promise<OneTimeCodeRow> {
  const rows = await openCodes(db, userId ?? NO_ACCOUNT, purpose);
  if (!userId || rows.length === 0) throw invalid();
  const live = rows.filter((row) => row.expiresAt.getTime() > Date.now());
  if (live.length === 0) throw options.uniform ? invalid() : expired();
  let triesLeft = false;
  for (const row of live) {
    const attempts = await takeCodeAttempt(db, row.id, OTP_MAX_TRIES);
    if (attempts === null) continue;
    if (safeEqualHex(row.codeHash, hashCode(userId, purpose, code))) {
      if (await consumeCode(db, row.id)) return row;
      continue;
    }
    if (attempts < OTP_MAX_TRIES) triesLeft = true;
  }
  throw triesLeft || options.uniform ? invalid() : dead();
}
