/**
 * Every `code` an API error body may carry, with the one HTTP status it is answered with. The web
 * app branches on these codes, never on the message; the API cannot answer another code (its type
 * and its response schemas are this list), and an error is made from its code and its message
 * only (`new AppError(code, message)` in the API): the status comes from here (decision 031). A
 * framework's own code (Fastify's `FST_…`) is mapped to one of these.
 *
 * `ACCOUNT_BLOCKED` is the caller's own account (sign-in refused, 403); `USER_BLOCKED` is the
 * account an action is aimed at (reporting it, authorising it for a partner: 409). `NOT_OWNER`
 * is an event a business page's owner may not attach; someone else's event on an organiser
 * route answers `NOT_FOUND`, as an unknown id (decision 049).
 */
export const ERROR_STATUS = {
  // Any request
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  INVALID_BODY: 400,
  BAD_VALUE: 400,
  BAD_MULTIPART: 400,
  CONTROL_CHARACTERS: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAGE_TOO_DEEP: 400,
  RATE_LIMITED: 429,
  SERVER_BUSY: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  // Access
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PERMISSION_NOT_HELD: 403,
  // Accounts, sign-in and one-time codes
  INVALID_CREDENTIALS: 401,
  ACCOUNT_NOT_FOUND: 404,
  ACCOUNT_BLOCKED: 403,
  ACCOUNT_LOCKED: 403,
  APPROVAL_REQUIRED: 403,
  OTP_REQUIRED: 403,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_TRIES: 400,
  OTP_TOO_SOON: 429,
  OTP_LIMIT: 429,
  TOO_FAST: 400,
  // Events and the community
  EVENT_NOT_PUBLISHED: 409,
  EVENT_NOT_OPEN: 409,
  EVENT_CANCELLED: 409,
  EVENT_FULL: 409,
  PRIVATE_EVENT: 403,
  REMOVED_BY_ORGANISER: 403,
  NOT_OWNER: 403,
  SELF_REPORT: 400,
  REPORT_EXISTS: 409,
  REPORT_CLOSED: 409,
  EVENT_UNOWNED: 409,
  NOT_A_COMMENT: 409,
  COMMENT_GONE: 409,
  USER_BLOCKED: 409,
  // Partners and business pages
  PARTNER_BLOCKED: 403,
  PARTNER_EMAIL_TAKEN: 409,
  NOT_PARTNER_USER: 403,
  NOT_AUTHORIZED_USER: 404,
  ALREADY_AUTHORIZED: 409,
  // Referrals and rewards
  RULE_IN_USE: 409,
  GRANT_STATUS_CONFLICT: 409,
  // Premium and payments (issue 28)
  PREMIUM_REQUIRED: 403,
  NOT_A_CAMEROON_MOBILE: 400,
  PAYMENT_IN_PROGRESS: 409,
  PAYMENT_NOT_REFUNDABLE: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  CALLBACK_REJECTED: 400,
  SHORT_ADDRESS_TAKEN: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The codes of `ERROR_STATUS`, in its order. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Whether a value is one of `ERROR_CODES`. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Codes the web client gives a failure that never reached an API answer. */
export const CLIENT_ERROR_CODES = ['NETWORK', 'TIMEOUT', 'HTTP_ERROR'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
