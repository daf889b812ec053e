import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { toE164 } from '@app/shared/phone';
import { tooManyAttempts } from '../../lib/errors';
import { namedAccountKeys } from '../../lib/route-kit';

export interface LimitRule {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

const tooMany = (ttlMs: number) => tooManyAttempts(ttlMs, { retryAfterInBody: true });

/**
 * Counters of a route, in the rate-limit store (memory, or Redis with REDIS_URL), keyed so that
 * one abuser behind a carrier's shared address (thousands of people on one address) is limited
 * alone (issue 24, decision 020):
 * - `pair` (optional): per (client address, account or contact named in the body): the tight one;
 * - `address`: per client address, a much higher ceiling meant for thousands of people;
 * - `account` (optional): per account from every address, only where each request sends the
 *   owner something a stranger must not repeat (the confirmation e-mail).
 */
export function limitPerIpAndAccount(
  app: FastifyInstance,
  name: string,
  rules: { pair?: LimitRule; address: LimitRule; account?: LimitRule },
  accountOf: (request: FastifyRequest) => string | undefined,
): preValidationAsyncHookHandler {
  const accountKey = (request: FastifyRequest) => (accountOf(request) ?? '').trim().toLowerCase();
  const perAddress = app.createRateLimit({
    max: rules.address.max,
    timeWindow: rules.address.windowMs,
    keyGenerator: (request) => namedAccountKeys.address(name, request),
  });
  const perPair =
    rules.pair &&
    app.createRateLimit({
      max: rules.pair.max,
      timeWindow: rules.pair.windowMs,
      keyGenerator: (request) => namedAccountKeys.pair(name, request, accountKey(request)),
    });
  const perAccount =
    rules.account &&
    app.createRateLimit({
      max: rules.account.max,
      timeWindow: rules.account.windowMs,
      keyGenerator: (request) => namedAccountKeys.account(name, accountKey(request)),
    });
  type State = Awaited<ReturnType<typeof perAddress>>;
  const refuse = (state: State, reply: FastifyReply) => {
    if (state.isAllowed || !state.isExceeded) return;
    reply.header('retry-after', String(state.ttlInSeconds));
    throw tooMany(state.ttl);
  };
  return async (request, reply) => {
    refuse(await perAddress(request), reply);
    if (!accountOf(request)) return;
    if (perPair) refuse(await perPair(request), reply);
    if (perAccount) refuse(await perAccount(request), reply);
  };
}

/**
 * Counter of failed sign-ins per client address, counted only once a password proved wrong (or
 * the pair was waiting): a right password is never refused by it, so an abuser behind a shared
 * address cannot lock the others out (issue 24). Over the ceiling, a failure answers 429
 * instead of 401. Guessing is held by the wait of each (account, address) pair in the service
 * (decision 008).
 */
export function failureLimiter(app: FastifyInstance, name: string, rule: LimitRule) {
  const perIp = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => namedAccountKeys.address(name, request),
  });
  /** Counts a failure; throws 429 when the address is over its ceiling. */
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await perIp(request);
    if (!state.isAllowed && state.isExceeded) {
      reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
      throw tooMany(state.ttl);
    }
  };
}

/** A sign-in identifier as the account lookup reads it: e-mail lower-cased, phone in E.164, else lower-cased. */
export function canonicalIdentifier(value: string): string {
  const trimmed = value.trim();
  if (!trimmed.includes('@') && /^[+\d\s().-]+$/.test(trimmed)) return toE164(trimmed) ?? trimmed.toLowerCase();
  return trimmed.toLowerCase();
}

type Body = { email?: string; phone?: string; identifier?: string; username?: string } | undefined;
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
/**
 * The account a request names, in the form the lookup resolves it (a phone through the same
 * E.164 parser, which drops an extension such as `x1`), so every written form of one account
 * shares one counter (decision 008).
 */
export const accountOfBody = (request: FastifyRequest) => {
  const body = request.body as Body;
  const email = text(body?.email);
  if (email) return email.trim().toLowerCase();
  const phone = text(body?.phone);
  if (phone) return toE164(phone) ?? phone.trim().toLowerCase();
  const identifier = text(body?.identifier) ?? text(body?.username);
  return identifier ? canonicalIdentifier(identifier) : undefined;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The numbers (decision 020): `pair` per (address, account or contact), `address` a ceiling for
 * thousands of people behind one carrier address.
 */
export const AUTH_LIMITS = {
  /** Failed sign-ins only, per address (see failureLimiter). */
  loginFailures: { max: 300, windowMs: 5 * MINUTE },
  register: { pair: { max: 5, windowMs: HOUR }, address: { max: 1000, windowMs: HOUR } },
  verifyOtp: { pair: { max: 10, windowMs: MINUTE }, address: { max: 600, windowMs: MINUTE } },
  resendOtp: { pair: { max: 5, windowMs: 10 * MINUTE }, address: { max: 600, windowMs: 10 * MINUTE } },
  sendConfirmation: {
    pair: { max: 3, windowMs: HOUR },
    address: { max: 600, windowMs: 10 * MINUTE },
    account: { max: 3, windowMs: HOUR },
  },
  /**
   * No counter per account or pair: behind a shared address the stranger's pair is the owner's.
   * What is really sent is counted quietly instead (a minute between codes, CODE_CAPS).
   */
  resetPassword: { address: { max: 600, windowMs: 10 * MINUTE } },
  newPassword: { pair: { max: 20, windowMs: 10 * MINUTE }, address: { max: 600, windowMs: 10 * MINUTE } },
} satisfies Record<string, LimitRule | { pair?: LimitRule; address: LimitRule; account?: LimitRule }>;
