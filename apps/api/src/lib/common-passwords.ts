import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordMessage, effectivePasswordMinLength, isCommonPassword, passwordLengthMessage } from '@app/shared/auth';
import { fieldError } from './errors';

/**
 * About 49,000 of the most common breached passwords (the zxcvbn-ts common list, shipped in
 * node_modules, no network), plus the French and Cameroonian favourites of `@app/shared/auth`.
 * Loaded once, on first use.
 */
let breached: ReadonlySet<string> | null = null;
export function breachedPasswords(): ReadonlySet<string> {
  breached ??= new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
  return breached;
}

/** The server's rule: the shared checks against the full list. */
export function isBreachedPassword(password: string): boolean {
  return isCommonPassword(password, breachedPasswords());
}

/** A new password: never below 8 whatever the setting; the most common breached ones refused (decision 008). */
export function checkPasswordRules(password: string, setting: number, field: string): void {
  const minLength = effectivePasswordMinLength(setting);
  if (password.length < minLength) throw fieldError(field, passwordLengthMessage(minLength));
  if (isBreachedPassword(password)) throw fieldError(field, commonPasswordMessage);
}
