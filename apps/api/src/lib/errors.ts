import { ERROR_STATUS, type ErrorCode } from '@app/shared/errors';

/**
 * An error the API answers as `{ message, code, fieldErrors? }`, made from its code and its
 * message: the HTTP status is the code's, from the one table `ERROR_STATUS` (decision 031).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Extra fields merged into the body, e.g. `lockUntil` or `requiresOTP`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError('BAD_REQUEST', message, fieldErrors);
export const unauthorized = (message = 'Authentification requise') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'Accès refusé') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Ressource introuvable') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError('CONFLICT', message, fieldErrors);
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
export const MULTIPART_REQUIRED = 'Le formulaire doit être envoyé en multipart/form-data';
/** A form route called without a multipart body. */
export const multipartRequired = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_REQUIRED);

/**
 * C0 control characters and DEL, except tab, line feed and carriage return: never meaningful in
 * this API's text, and PostgreSQL refuses U+0000 outright (decision 008).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Le texte envoyé contient des caractères de contrôle non autorisés';

/**
 * Whether any string (or key) in a parsed body, query or path holds a control character: checked
 * for every request by the errors plugin, and by a route on what it parses itself (the JSON in a
 * multipart field).
 */
export function hasControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value);
  if (!value || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return false;
  // Loops rather than `some` over `Object.entries`: this runs on every request's query, params
  // and body, and allocates nothing now (issue 31 item 3).
  if (Array.isArray(value)) {
    for (const item of value) if (hasControlCharacters(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (CONTROL_CHARACTERS.test(key) || hasControlCharacters(record[key], depth + 1)) return true;
  }
  return false;
}

export const controlCharactersFound = () => new AppError('CONTROL_CHARACTERS', CONTROL_CHARACTERS_MESSAGE);

export const NO_PERMISSION = 'Vous n’avez pas la permission requise pour cette action';
/** The signed-in account lacks the permission this action needs. */
export const permissionMissing = () => forbidden(NO_PERMISSION);

/** 429 'Trop de tentatives. Réessayez dans N secondes.', with `retryAfter` (seconds) in the body when asked. */
export function tooManyAttempts(retryAfterMs: number, options: { retryAfterInBody?: boolean } = {}): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Trop de tentatives. Réessayez dans ${seconds} secondes.`,
    undefined,
    options.retryAfterInBody ? { retryAfter: seconds } : undefined,
  );
}

/**
 * Validation failures as the API's 400 `VALIDATION_ERROR`: the first message, and every message
 * by dotted field path (`root` names a failure of the whole value). Takes zod issues (`path` an
 * array) or Fastify's validation entries (`instancePath` '/a/0/b').
 */
export function validationError(
  issues: ReadonlyArray<{ path?: readonly PropertyKey[]; instancePath?: string; message?: string }>,
  root: string,
): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path
      ? issue.path.map(String).join('.')
      : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const key = path || root;
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message ?? 'Valeur invalide'];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  return new AppError('VALIDATION_ERROR', first ?? 'Données invalides', fieldErrors);
}
