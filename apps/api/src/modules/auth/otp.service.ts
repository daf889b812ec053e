import { MESSAGES, OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@app/shared/auth';
import { AppError } from '../../lib/errors';
import { newNumericCode, safeEqualHex, sha256 } from '../../lib/tokens';
import type { Database } from '../../db/client';
import { addCodeAttempt, type CodePurpose, consumeCode, latestCode, replaceCode } from './auth.repository';

/** The hash is bound to the account and the purpose, so a code never serves another use. */
function hashCode(userId: string, purpose: CodePurpose, code: string): string {
  return sha256(`${purpose}:${userId}:${code}`);
}

/** Seconds left before a new code may be sent (0 when allowed now). */
export async function resendWait(db: Database, userId: string, purpose: CodePurpose): Promise<number> {
  const last = await latestCode(db, userId, purpose);
  if (!last) return 0;
  const elapsed = (Date.now() - last.createdAt.getTime()) / 1000;
  return elapsed >= OTP_RESEND_SECONDS ? 0 : Math.ceil(OTP_RESEND_SECONDS - elapsed);
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

/** A new 6-digit code (CSPRNG), stored hashed, valid 300 s; earlier codes of that purpose end. */
export async function issueCode(db: Database, userId: string, purpose: CodePurpose): Promise<string> {
  const code = newNumericCode(6);
  const now = new Date();
  await replaceCode(db, {
    userId,
    purpose,
    codeHash: hashCode(userId, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
  });
  return code;
}

const invalid = () => new AppError(400, 'OTP_INVALID', MESSAGES.otpInvalid, { otp: [MESSAGES.otpInvalid] });

/**
 * Checks and uses a code: unknown, used, expired, dead (5 wrong tries) or wrong codes are refused.
 * Throws; returns when the code was right and is now used.
 */
export async function useCode(db: Database, userId: string | null, purpose: CodePurpose, code: string): Promise<void> {
  if (!userId) throw invalid();
  const row = await latestCode(db, userId, purpose);
  if (!row || row.consumedAt) throw invalid();
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(400, 'OTP_EXPIRED', 'Code OTP expiré. Demandez un nouveau code.', {
      otp: ['Code OTP expiré. Demandez un nouveau code.'],
    });
  }
  const dead = () =>
    new AppError(400, 'OTP_TOO_MANY_TRIES', 'Trop de tentatives avec ce code. Demandez un nouveau code.', {
      otp: ['Trop de tentatives avec ce code. Demandez un nouveau code.'],
    });
  if (row.attempts >= OTP_MAX_TRIES) throw dead();
  if (!safeEqualHex(row.codeHash, hashCode(userId, purpose, code))) {
    const attempts = await addCodeAttempt(db, row.id);
    if (attempts >= OTP_MAX_TRIES) throw dead();
    throw invalid();
  }
  if (!(await consumeCode(db, row.id))) throw invalid();
}
