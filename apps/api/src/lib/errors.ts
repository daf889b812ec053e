import type { ErrorCode } from '@app/shared/errors';

/** An error the API answers as `{ message, code, fieldErrors? }` with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Extra fields merged into the body, e.g. `lockUntil` or `requiresOTP`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(400, 'BAD_REQUEST', message, fieldErrors);
export const unauthorized = (message = 'Authentification requise') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Accès refusé') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Ressource introuvable') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(409, 'CONFLICT', message, fieldErrors);
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
export const MULTIPART_REQUIRED = 'Le formulaire doit être envoyé en multipart/form-data';
/** A form route called without a multipart body. */
export const multipartRequired = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_REQUIRED);
