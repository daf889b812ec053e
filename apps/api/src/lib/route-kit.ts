import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@app/shared/common';
import type { SessionUser } from '../modules/auth/session.service';
import { unauthorized } from './errors';

/*
 * What every module's routes share: who is calling, which error answers a route documents, and
 * the keys of the rate-limit counters. The path parameters are shared zod schemas
 * (`idParamsSchema`, `uuidParam` in packages/shared/src/common.ts), the web app reading them too.
 */

/**
 * The signed-in account of a route declared `authenticated` or with a permission. The access
 * hook has refused an anonymous caller before the handler runs; the 401 here only holds the
 * type (and a route wrongly declared `public`).
 */
export function actorOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The error statuses a route may document: every one the `ERROR_STATUS` table answers. */
type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 429 | 431 | 500 | 503;

/**
 * The error answers of a route's response schema, by status, each the one error shape:
 * `response: { 200: schema, ...errorResponses(400, 401, 403) }`.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as { [K in S[number]]: typeof apiErrorSchema };
}

/** What a signed-in module's routes answer besides success: bad data, anonymous, refused, missing, conflict. */
export const SIGNED_IN_ERRORS = errorResponses(400, 401, 403, 404, 409);

/*
 * Rate-limit counter keys, all here so that two limits never share a counter by accident and a
 * reader sees every counter the store holds. A key is `<name>:<who>`; the names in use: events,
 * event-images, short-address, join, comment, like, report, view, participant-remove, participant-readmit, participants-export, transactions-export,
 * waitlist, waitlist-bare, sitemap, preview, check-in-bundle, check-in-scans, door-helpers, contact-change,
 * account-delete, announcements, announcements-cancel, notifications, notification-preferences, push-subscriptions, conversation-moderation, outbox-actions,
 * public-read / account-read, and the sign-in family (auth.rate-limits.ts).
 */

/** Per account, every session of it together (decision 008), else per client address. */
export const perAccountKey = (name: string) => (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`;

/** Per client address only. */
export const perAddressKey = (name: string) => (request: FastifyRequest) => `${name}:${request.ip}`;

/**
 * The key of the per-address limit of lists and searches (decision 013): anonymous callers are
 * counted per client address; a signed-in caller per account, never in the budget of the address
 * it shares with thousands of people (issue 24, decision 020). `/api/events`, its comments, and
 * the agenda page `/evenements` use it with `PUBLIC_READ_RATE_PER_MINUTE`.
 */
export const publicReadKey = (request: FastifyRequest) =>
  request.user ? `account-read:${request.user.id}` : `public-read:${request.ip}`;

/**
 * The three counters of a form that names an account or a contact (sign-in, codes, the waiting
 * list; decision 020): per client address, per (address, account named), per account named.
 */
export const namedAccountKeys = {
  address: (name: string, request: FastifyRequest) => `${name}:ip:${request.ip}`,
  pair: (name: string, request: FastifyRequest, account: string) => `${name}:pair:${request.ip}:${account}`,
  account: (name: string, account: string) => `${name}:acct:${account}`,
};
