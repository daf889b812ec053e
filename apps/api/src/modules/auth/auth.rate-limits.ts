import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { toE164 } from '@app/shared/phone';
import { tooManyAttempts } from '../../lib/errors';

export interface LimitRule {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

const tooMany = (ttlMs: number) => tooManyAttempts(ttlMs, { retryAfterInBody: true });

/**
 * Two counters per route, in the rate-limit store (memory, or Redis with REDIS_URL): one per
 * client IP and one per account (the e-mail, phone or identifier of the body), so neither many
 * accounts from one address nor one account from many addresses can be hammered.
 */
export function limitPerIpAndAccount(
  app: FastifyInstance,
  name: string,
  rules: { ip: LimitRule; account: LimitRule },
  accountOf: (request: FastifyRequest) => string | undefined,
): preValidationAsyncHookHandler {
  const perIp = app.createRateLimit({
    max: rules.ip.max,
    timeWindow: rules.ip.windowMs,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  const perAccount = app.createRateLimit({
    max: rules.account.max,
    timeWindow: rules.account.windowMs,
    keyGenerator: (request) => `${name}:acct:${(accountOf(request) ?? '').trim().toLowerCase()}`,
  });
  return async (request, reply) => {
    const ip = await perIp(request);
    if (!ip.isAllowed && ip.isExceeded) {
      reply.header('retry-after', String(ip.ttlInSeconds));
      throw tooMany(ip.ttl);
    }
    if (!accountOf(request)) return;
    const account = await perAccount(request);
    if (!account.isAllowed && account.isExceeded) {
      reply.header('retry-after', String(account.ttlInSeconds));
      throw tooMany(account.ttl);
    }
  };
}

/**
 * Counter of failures only (sign-in), per client address: many people share one address (a cyber
 * café, a campus, a mobile carrier's NAT), so successful sign-ins are never limited; failed ones
 * are. There is no counter per account here: a stranger could fill it and lock the real user out;
 * the service throttles each (account, address) pair instead (decision 008).
 */
export function failureLimiter(app: FastifyInstance, name: string, rule: LimitRule) {
  const perIp = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  const check: preValidationAsyncHookHandler = async (request, reply) => {
    const state = await perIp(request, { increment: false });
    if (!state.isAllowed && state.remaining === 0) {
      reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
      throw tooMany(state.ttl);
    }
  };
  const recordFailure = async (request: FastifyRequest) => {
    await perIp(request);
  };
  return { check, recordFailure };
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

export const AUTH_LIMITS = {
  /** Failed sign-ins only (see failureLimiter). */
  loginFailures: { max: 30, windowMs: 5 * MINUTE },
  register: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  verifyOtp: { ip: { max: 30, windowMs: MINUTE }, account: { max: 10, windowMs: MINUTE } },
  resendOtp: { ip: { max: 10, windowMs: 10 * MINUTE }, account: { max: 5, windowMs: HOUR } },
  sendConfirmation: { ip: { max: 10, windowMs: 10 * MINUTE }, account: { max: 3, windowMs: HOUR } },
  resetPassword: { ip: { max: 10, windowMs: 10 * MINUTE }, account: { max: 5, windowMs: HOUR } },
  newPassword: { ip: { max: 20, windowMs: 10 * MINUTE }, account: { max: 10, windowMs: 10 * MINUTE } },
} satisfies Record<string, LimitRule | { ip: LimitRule; account: LimitRule }>;
