import { z } from 'zod';

/**
 * Every `code` an API error body may carry (architecture, convention 7). The web app branches on
 * these, never on the message; the API cannot answer another code (its type and its response
 * schemas are this list). A framework's own code (Fastify's `FST_…`) is mapped to one of these.
 */
export const ERROR_CODES = [
  // Any request
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'INVALID_BODY',
  'BAD_VALUE',
  'BAD_MULTIPART',
  'CONTROL_CHARACTERS',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'FILE_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'NOT_FOUND',
  'CONFLICT',
  'PAGE_TOO_DEEP',
  'RATE_LIMITED',
  'SERVER_BUSY',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // Access
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PERMISSION_NOT_HELD',
  // Accounts, sign-in and one-time codes
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_BLOCKED',
  'ACCOUNT_LOCKED',
  'APPROVAL_REQUIRED',
  'OTP_REQUIRED',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_TRIES',
  'OTP_TOO_SOON',
  'OTP_LIMIT',
  'TOO_FAST',
  // Events and the community
  'EVENT_NOT_YOURS',
  'EVENT_NOT_PUBLISHED',
  'EVENT_NOT_OPEN',
  'EVENT_CANCELLED',
  'EVENT_FULL',
  'PRIVATE_EVENT',
  'NOT_OWNER',
  'NOT_AUTHOR',
  'SELF_REPORT',
  'REPORT_EXISTS',
  'REPORT_CLOSED',
  'EVENT_UNOWNED',
  'NOT_A_COMMENT',
  'COMMENT_GONE',
  'USER_BLOCKED',
  // Partners and business pages
  'PARTNER_BLOCKED',
  'PARTNER_EMAIL_TAKEN',
  'NOT_PARTNER_USER',
  'NOT_AUTHORIZED_USER',
  'ALREADY_AUTHORIZED',
  // Referrals and rewards
  'RULE_IN_USE',
  'GRANT_STATUS_CONFLICT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z.enum(ERROR_CODES);

/** Whether a value is one of `ERROR_CODES`. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Codes the web client gives a failure that never reached an API answer. */
export const CLIENT_ERROR_CODES = ['NETWORK', 'TIMEOUT', 'HTTP_ERROR'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
