import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { languageFromHeader, localize, localizeBody } from '@app/shared/i18n';
import { ERROR_STATUS, type ErrorCode } from '@app/shared/errors';
import {
  AppError,
  controlCharactersFound,
  hasControlCharacters,
  MULTIPART_REQUIRED,
  notFound,
  validationError,
} from '../lib/errors';
import { isBadValue, isDatabaseUnavailable } from '../lib/db-errors';

/** Fastify's own refusals, answered with a French message and one of our codes. */
const FRAMEWORK_ERRORS: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'Le corps de la requête est vide', code: 'INVALID_BODY' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'Le corps de la requête n’est pas un JSON valide', code: 'INVALID_BODY' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'La requête est trop volumineuse', code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Type de contenu non pris en charge', code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Longueur de contenu invalide', code: 'BAD_REQUEST' },
  FST_REQ_FILE_TOO_LARGE: { message: 'Le fichier est trop volumineux', code: 'FILE_TOO_LARGE' },
  FST_PARTS_LIMIT: { message: 'Trop de parties dans le formulaire', code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { message: 'Trop de fichiers', code: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { message: 'Trop de champs dans le formulaire', code: 'PAYLOAD_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { message: MULTIPART_REQUIRED, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_VALIDATION: { message: 'Données invalides', code: 'VALIDATION_ERROR' },
};

/** Any other client error, by its status. */
function frameworkError(status: number): { message: string; code: ErrorCode } {
  if (status === 413) return { message: 'La requête est trop volumineuse', code: 'PAYLOAD_TOO_LARGE' };
  if (status === 415) return { message: 'Type de contenu non pris en charge', code: 'UNSUPPORTED_MEDIA_TYPE' };
  return { message: 'Requête invalide', code: status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST' };
}

/**
 * Fastify's router refusals before any route (a malformed URL, a path parameter over
 * `maxParamLength`): the app's `frameworkErrors` answers them here, in our shape.
 */
export function routerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const { message, code } = frameworkError(status);
  const language = languageFromHeader(request.headers['accept-language']);
  return reply.code(status).send({ message: localize(message, language), code });
}

const INTERNAL_ERROR = 'Erreur interne du serveur';

/** An AppError as the body every error answer has, with its code's status. */
function answer(reply: FastifyReply, error: AppError) {
  return reply
    .code(error.statusCode)
    .send({ message: error.message, code: error.code, fieldErrors: error.fieldErrors, ...error.extra });
}

/** What the multipart parser (busboy) throws, without a status, on a broken form. */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|Malformed part header|.* terminated early due to unexpected end of multipart data)$/;

/** One error shape for every answer: `{ message, code, fieldErrors? }`, French, never a stack trace. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Every answer's `message` and `fieldErrors` follow the request's Accept-Language (French by
    // default), through the one shared dictionary (packages/shared/src/i18n.ts).
    app.addHook('preSerialization', (request, reply, payload, done) => {
      const language = languageFromHeader(request.headers['accept-language']);
      if (language === 'fr') return done(null, payload);
      reply.header('content-language', language);
      done(null, localizeBody(payload, language));
    });
    // A callback hook: no promise per request (issue 31 item 3).
    app.addHook('preValidation', (request, _reply, done) => {
      if (hasControlCharacters(request.body) || hasControlCharacters(request.query) || hasControlCharacters(request.params)) {
        return done(controlCharactersFound());
      }
      done();
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return answer(reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        return answer(reply, validationError(error.validation, error.validationContext ?? 'body'));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
        return answer(reply, new AppError('INTERNAL_ERROR', INTERNAL_ERROR));
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return answer(
          reply,
          new AppError('SERVICE_UNAVAILABLE', 'Service momentanément indisponible. Réessayez dans un instant.'),
        );
      }
      if (isBadValue(error)) {
        return answer(reply, new AppError('BAD_VALUE', 'Une valeur envoyée ne peut pas être enregistrée'));
      }
      if (!error.statusCode && BROKEN_MULTIPART.test(error.message ?? '')) {
        return answer(reply, new AppError('BAD_MULTIPART', 'Le formulaire envoyé est incomplet ou mal formé'));
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) {
        request.log.error({ err: error }, 'unhandled error');
        return answer(reply, new AppError('INTERNAL_ERROR', INTERNAL_ERROR));
      }
      const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      const { message, code } = known ?? frameworkError(status);
      return reply.code(status).send({ message, code });
    });

    app.setNotFoundHandler((_request, reply) => {
      answer(reply, notFound());
    });
  },
  { name: 'errors' },
);

/**
 * Errors Node raises before Fastify sees a request (too slow, headers too large, broken HTTP):
 * the same `{ message, code }` shape in French, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [message, code]: [string, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['La requête a mis trop de temps à arriver', 'REQUEST_TIMEOUT']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['Les en-têtes de la requête sont trop volumineux', 'HEADERS_TOO_LARGE']
        : ['Requête HTTP invalide', 'BAD_REQUEST'];
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
