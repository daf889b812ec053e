import type { OutboxFailureReason } from '@app/shared/outbox';
import type { PushPayload } from '@app/shared/push';
import { redactText } from '../../lib/log-redaction';
import { PUSH_REFUSED } from '../push/push.sender';

/*
 * What the team reads of an outbox message (decision 066): its error and its first words, never a
 * one-time code, a link's secret, a password or a stack trace.
 */

/** The longest error kept in `outbound_messages.last_error`. */
export const LAST_ERROR_MAX_CHARS = 300;
/** The longest preview of a message in the dead letters' list. */
const PREVIEW_MAX_CHARS = 120;

/** The `last_error` of an SMS refused because its number is outside `smsCountries` (final, never retried). */
export const SMS_COUNTRY_REFUSED = 'refused: the number is outside the allowed SMS countries';
/** The `last_error` of a push with no sender configured (final). */
export const NO_PUSH_SENDER = 'refused: no push sender';

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A send's error as it is stored: its lines without a stack frame (`    at …`), on one line,
 * secrets hidden (redactText), at most LAST_ERROR_MAX_CHARS characters.
 */
export function cleanDeliveryError(message: string): string {
  const lines = message
    .split(/\r?\n/)
    .filter((line) => !/^\s*at\s/.test(line))
    .join(' ');
  const clean = redactText(lines.replace(/\s+/g, ' ').trim());
  return cut(clean || 'unknown error', LAST_ERROR_MAX_CHARS);
}

/** Why a message failed, told from its last error (the outbox and the push sender write these). */
export function failureReason(lastError: string | null): OutboxFailureReason {
  if (!lastError) return 'provider';
  if (lastError.startsWith(SMS_COUNTRY_REFUSED)) return 'sms_country';
  if (lastError.startsWith(PUSH_REFUSED.off) || lastError.startsWith(NO_PUSH_SENDER)) return 'push_off';
  if (lastError.startsWith(PUSH_REFUSED.unknown) || lastError.startsWith('gone:')) return 'device_gone';
  if (lastError.startsWith(PUSH_REFUSED.http)) return 'push_http';
  return 'provider';
}

/** A push's title and sentence from its stored payload (JSON, encrypted only when sent). */
function pushText(text: string): string {
  try {
    const payload = JSON.parse(text) as Partial<PushPayload>;
    return [payload.title, payload.body].filter((part) => typeof part === 'string' && part.trim()).join(' — ');
  } catch {
    return '';
  }
}

/**
 * What the list shows of a message: an e-mail's subject (its first words when it has none), an
 * SMS's first words, a push's title and sentence; on one line, codes and secrets hidden.
 */
export function messagePreview(row: { channel: 'email' | 'sms' | 'push'; subject: string; text: string }): string {
  const raw =
    row.channel === 'push' ? pushText(row.text) : row.channel === 'email' && row.subject.trim() ? row.subject : row.text;
  return cut(redactText(raw.replace(/\s+/g, ' ').trim()), PREVIEW_MAX_CHARS);
}
