import { MESSAGES, OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@app/shared/auth';
import { AppError } from '../../lib/errors';
import { randomUUID } from 'node:crypto';
import { newNumericCode, newToken, safeEqualHex, sha256 } from '../../lib/tokens';
import type { Database, Executor } from '../../db/client';
import {
  type CodeChannel,
  type CodePurpose,
  consumeCode,
  countRecentCodes,
  latestCode,
  openLink,
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
  db: Executor,
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
export async function underCodeCaps(db: Executor, userId: string, destination: string, now = Date.now()): Promise<boolean> {
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
    'OTP_LIMIT',
    'Trop de codes ont été envoyés à ce compte ou à ce contact. Réessayez dans une heure.',
    undefined,
    { retryAfter: 3600 },
  );
}

export function tooSoon(seconds: number): AppError {
  return new AppError('OTP_TOO_SOON', `Veuillez patienter ${seconds} secondes avant de demander un nouveau code.`, undefined, {
    retryAfter: seconds,
  });
}

/**
 * A new 6-digit code (CSPRNG) for one channel and destination, stored hashed, valid 300 s;
 * earlier codes of that purpose and channel end.
 */
export async function issueCode(
  db: Executor,
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

const invalid = () => new AppError('OTP_INVALID', MESSAGES.otpInvalid, { otp: [MESSAGES.otpInvalid] });
const expired = () =>
  new AppError('OTP_EXPIRED', 'Code OTP expiré. Demandez un nouveau code.', {
    otp: ['Code OTP expiré. Demandez un nouveau code.'],
  });
const dead = () =>
  new AppError('OTP_TOO_MANY_TRIES', 'Trop de tentatives avec ce code. Demandez un nouveau code.', {
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

/**
 * A reset link token beside the code (issue 24, finding 10): `<row id>.<256 random bits>`, the
 * secret stored hashed and bound to the account and purpose, single use, valid as long as the
 * code (300 s). It cannot be guessed, so wrong tries do not count against it: strangers who kill
 * the 6-digit code with five wrong tries leave the link working. Not counted as a code sent.
 */
export async function issueLink(db: Executor, userId: string, purpose: CodePurpose, destination: string): Promise<string> {
  const id = randomUUID();
  const secret = newToken();
  const now = new Date();
  await replaceCode(db, {
    id,
    userId,
    purpose,
    channel: 'link',
    destination,
    codeHash: hashCode(userId, purpose, `link:${secret}`),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
  });
  return `${id}.${secret}`;
}

/**
 * Checks and uses a link token: unknown, used, expired or wrong tokens all answer `OTP_INVALID`,
 * like a wrong code. Answers the row, now used (only one caller wins).
 */
export async function useLink(db: Database, purpose: CodePurpose, token: string): Promise<OneTimeCodeRow> {
  const [id, secret] = token.split('.');
  if (!id || !secret) throw invalid();
  const row = await openLink(db, id, purpose);
  if (!row?.userId || row.expiresAt.getTime() <= Date.now()) throw invalid();
  if (!safeEqualHex(row.codeHash, hashCode(row.userId, purpose, `link:${secret}`))) throw invalid();
  if (!(await consumeCode(db, row.id))) throw invalid();
  return row;
}
