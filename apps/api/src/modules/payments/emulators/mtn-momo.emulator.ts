import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatFcfa, maskPhone } from '@app/shared/payments';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { html, type SafeHtml } from '../../public-pages/html';

/*
 * A local emulator of MTN MoMo Open API's Collection product (request to pay) and of the
 * Disbursement product's refund (issue 28, decision 050), speaking the same paths, headers and
 * answers as MTN: `POST /collection/token/` (Basic apiUser:apiKey → access_token),
 * `POST /collection/v1_0/requesttopay` (X-Reference-Id, X-Target-Environment, X-Callback-Url → 202),
 * `GET /collection/v1_0/requesttopay/{referenceId}` (PENDING, SUCCESSFUL or FAILED with a reason),
 * and the same three for `/disbursement/…/refund`. Every request stays PENDING until someone
 * decides it on the emulator's page (the payer's phone prompt), a test calls `decide`, an
 * automatic outcome fires, or its lifetime passes (FAILED, EXPIRED); then the callback is sent.
 */

export const EMULATOR_OUTCOMES = ['approve', 'refuse', 'insufficient_funds', 'timeout'] as const;
export type EmulatorOutcome = (typeof EMULATOR_OUTCOMES)[number];

/** The emulator's fixed sandbox credentials (never real ones): the adapter uses them without keys. */
export const MTN_EMULATOR_CREDENTIALS = {
  subscriptionKey: 'emulateur-mtn-collection-0000000000000000',
  apiUser: '0f5b6e1c-8d2a-4c3b-9e7f-5a6b7c8d9e01',
  apiKey: 'emulateur-mtn-cle-api-0000000000000000',
  disbursementSubscriptionKey: 'emulateur-mtn-disbursement-000000000000',
  disbursementApiUser: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  disbursementApiKey: 'emulateur-mtn-cle-api-remboursement-0000',
  targetEnvironment: 'mtncameroon',
} as const;

export interface MtnMomoEmulatorOptions {
  /** Collection product's credentials; default MTN_EMULATOR_CREDENTIALS. */
  subscriptionKey?: string;
  apiUser?: string;
  apiKey?: string;
  /** Disbursement product's credentials (refunds). */
  disbursementSubscriptionKey?: string;
  disbursementApiUser?: string;
  disbursementApiKey?: string;
  /** The only X-Target-Environment accepted. Default 'mtncameroon'. */
  targetEnvironment?: string;
  /** How long a request waits for the payer before it is FAILED / EXPIRED. Default 5 minutes. */
  requestLifetimeMs?: number;
  /** Lifetime of an access token, in seconds (MTN: 3600). */
  tokenLifetimeSeconds?: number;
  /** Decide every request by itself after this delay with this outcome (a demo without the page). */
  autoDecide?: { afterMs: number; outcome: EmulatorOutcome };
  /** The merchant the payer's prompt names. Default 'Évènements Cameroun'. */
  payeeName?: string;
  /** How long the callback POST may take. Default 5 s. */
  callbackTimeoutMs?: number;
  /**
   * Which X-Callback-Url hosts are accepted (MTN calls back only the host registered for the API
   * user); default any http(s). The app's mounted emulator accepts only the app's own origin, so
   * its public page can never be used to make the server call another address.
   */
  mayCallBack?: (url: URL) => boolean;
}

type Product = 'collection' | 'disbursement';
type Status = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

interface Party {
  partyIdType: string;
  partyId: string;
}

interface EmulatedRequest {
  product: Product;
  referenceId: string;
  externalId: string;
  amount: string;
  currency: string;
  payer: Party | null;
  payerMessage: string;
  payeeNote: string;
  callbackUrl: string | null;
  createdAt: number;
  expiresAt: number;
  status: Status;
  reason: string | null;
  financialTransactionId: string | null;
  decidedAt: number | null;
  /** Refunds: the request to pay they give back. */
  referenceIdToRefund?: string;
}

/** A callback the emulator sent (tests read them). */
export interface SentCallback {
  url: string;
  body: Record<string, unknown>;
  /** The HTTP status answered, or null when the call failed. */
  answeredStatus: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const OUTCOME_REASON: Record<Exclude<EmulatorOutcome, 'approve'>, string> = {
  refuse: 'APPROVAL_REJECTED',
  insufficient_funds: 'NOT_ENOUGH_FUNDS',
  timeout: 'EXPIRED',
};

function equalSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The emulated MTN platform: its requests, its tokens, its decisions. */
export class MtnMomoEmulator {
  readonly requests = new Map<string, EmulatedRequest>();
  readonly callbacks: SentCallback[] = [];
  /** Access tokens handed out (tests check that the adapter keeps its token). */
  tokensIssued = 0;
  private readonly tokens = new Map<string, { product: Product; expiresAt: number }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pendingCallbacks = new Set<Promise<void>>();
  readonly credentials: Required<
    Pick<
      MtnMomoEmulatorOptions,
      | 'subscriptionKey'
      | 'apiUser'
      | 'apiKey'
      | 'disbursementSubscriptionKey'
      | 'disbursementApiUser'
      | 'disbursementApiKey'
      | 'targetEnvironment'
    >
  >;
  readonly requestLifetimeMs: number;
  readonly payeeName: string;

  constructor(readonly options: MtnMomoEmulatorOptions = {}) {
    this.credentials = {
      subscriptionKey: options.subscriptionKey ?? MTN_EMULATOR_CREDENTIALS.subscriptionKey,
      apiUser: options.apiUser ?? MTN_EMULATOR_CREDENTIALS.apiUser,
      apiKey: options.apiKey ?? MTN_EMULATOR_CREDENTIALS.apiKey,
      disbursementSubscriptionKey: options.disbursementSubscriptionKey ?? MTN_EMULATOR_CREDENTIALS.disbursementSubscriptionKey,
      disbursementApiUser: options.disbursementApiUser ?? MTN_EMULATOR_CREDENTIALS.disbursementApiUser,
      disbursementApiKey: options.disbursementApiKey ?? MTN_EMULATOR_CREDENTIALS.disbursementApiKey,
      targetEnvironment: options.targetEnvironment ?? MTN_EMULATOR_CREDENTIALS.targetEnvironment,
    };
    this.requestLifetimeMs = options.requestLifetimeMs ?? 5 * 60_000;
    this.payeeName = options.payeeName ?? 'Évènements Cameroun';
  }

  subscriptionKeyOf(product: Product): string {
    return product === 'collection' ? this.credentials.subscriptionKey : this.credentials.disbursementSubscriptionKey;
  }

  issueToken(product: Product): { access_token: string; token_type: string; expires_in: number } {
    const seconds = this.options.tokenLifetimeSeconds ?? 3600;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { product, expiresAt: Date.now() + seconds * 1000 });
    this.tokensIssued += 1;
    return { access_token: token, token_type: 'access_token', expires_in: seconds };
  }

  tokenValid(token: string, product: Product): boolean {
    const entry = this.tokens.get(token);
    return entry !== undefined && entry.product === product && entry.expiresAt > Date.now();
  }

  /** Drops every token handed out (tests: the adapter must ask for a new one). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  add(request: EmulatedRequest): void {
    this.requests.set(request.referenceId, request);
    if (request.product !== 'collection') return;
    this.later(request.expiresAt - Date.now(), () => this.expireIfPending(request.referenceId));
    const auto = this.options.autoDecide;
    if (auto) this.later(auto.afterMs, () => this.decide(request.referenceId, auto.outcome).catch(() => {}));
  }

  /** The request as its status answer shows it, once an expired one is marked so. */
  current(referenceId: string): EmulatedRequest | undefined {
    const request = this.requests.get(referenceId);
    if (request && request.status === 'PENDING' && request.expiresAt <= Date.now()) {
      this.settle(request, 'FAILED', 'EXPIRED');
      this.sendCallback(request);
    }
    return request;
  }

  /** The requests to pay still waiting for the payer, oldest first. */
  waiting(): EmulatedRequest[] {
    return [...this.requests.values()]
      .filter((request) => request.product === 'collection')
      .map((request) => this.current(request.referenceId) as EmulatedRequest)
      .filter((request) => request.status === 'PENDING')
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /** The last requests to pay decided, newest first. */
  decided(limit = 10): EmulatedRequest[] {
    return [...this.requests.values()]
      .filter((request) => request.product === 'collection' && request.status !== 'PENDING')
      .sort((a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0))
      .slice(0, limit);
  }

  /**
   * Decides a waiting request as the payer would on their phone; the callback (when the request
   * named one) is sent before this resolves. False when the request is unknown or already decided.
   */
  async decide(referenceId: string, outcome: EmulatorOutcome): Promise<boolean> {
    const request = this.current(referenceId);
    if (request?.product !== 'collection' || request.status !== 'PENDING') return false;
    if (outcome === 'approve') this.settle(request, 'SUCCESSFUL', null);
    else this.settle(request, 'FAILED', OUTCOME_REASON[outcome]);
    await this.sendCallback(request);
    return true;
  }

  /** A refund of a successful request to pay, decided at once, as MTN's wallet does. */
  settleRefund(refund: EmulatedRequest): void {
    const original = refund.referenceIdToRefund ? this.requests.get(refund.referenceIdToRefund) : undefined;
    const refunded = [...this.requests.values()]
      .filter((other) => other.product === 'disbursement' && other !== refund && other.status === 'SUCCESSFUL')
      .filter((other) => other.referenceIdToRefund === refund.referenceIdToRefund)
      .reduce((sum, other) => sum + Number(other.amount), 0);
    if (original?.product !== 'collection' || original.status !== 'SUCCESSFUL') {
      this.settle(refund, 'FAILED', 'RESOURCE_NOT_FOUND');
    } else if (Number(refund.amount) + refunded > Number(original.amount) || refund.currency !== original.currency) {
      this.settle(refund, 'FAILED', 'NOT_ALLOWED');
    } else {
      this.settle(refund, 'SUCCESSFUL', null);
    }
    void this.sendCallback(refund);
  }

  statusBody(request: EmulatedRequest): Record<string, unknown> {
    return {
      ...(request.financialTransactionId ? { financialTransactionId: request.financialTransactionId } : {}),
      externalId: request.externalId,
      amount: request.amount,
      currency: request.currency,
      ...(request.payer ? { payer: request.payer } : {}),
      ...(request.product === 'disbursement' ? { referenceIdToRefund: request.referenceIdToRefund } : {}),
      payerMessage: request.payerMessage,
      payeeNote: request.payeeNote,
      status: request.status,
      ...(request.reason ? { reason: request.reason } : {}),
    };
  }

  /** Waits for the callbacks under way, stops the timers. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.pendingCallbacks]);
  }

  private settle(request: EmulatedRequest, status: Status, reason: string | null): void {
    request.status = status;
    request.reason = reason;
    request.decidedAt = Date.now();
    if (status === 'SUCCESSFUL') request.financialTransactionId = String(1_000_000_000 + Math.floor(Math.random() * 9e9));
  }

  private expireIfPending(referenceId: string): void {
    this.current(referenceId);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run();
      },
      Math.max(0, ms),
    );
    timer.unref();
    this.timers.add(timer);
  }

  /** MTN calls the X-Callback-Url once the request is final, with the status answer's body. */
  private sendCallback(request: EmulatedRequest): Promise<void> {
    const url = request.callbackUrl;
    if (!url) return Promise.resolve();
    const body = { referenceId: request.referenceId, ...this.statusBody(request) };
    const sent: SentCallback = { url, body, answeredStatus: null };
    this.callbacks.push(sent);
    const call = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.callbackTimeoutMs ?? 5000),
    })
      .then(async (response) => {
        sent.answeredStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
      })
      .catch(() => {
        // MTN does not retry forever either; the merchant reads the status back.
      })
      .finally(() => this.pendingCallbacks.delete(call));
    this.pendingCallbacks.add(call);
    return call;
  }
}

// ─── HTTP ────────────────────────────────────────────────────────────────────────────────────

/** An http(s) address the emulator may call back. */
function callbackAccepted(value: string, mayCallBack: ((url: URL) => boolean) | undefined): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return mayCallBack ? mayCallBack(url) : true;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The gateway's answer to a missing or wrong subscription key (Azure API Management, as MTN's). */
function subscriptionKeyRefused(reply: FastifyReply, given: string | undefined) {
  return reply.code(401).send({
    statusCode: 401,
    message: given
      ? 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.'
      : 'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  });
}

function error(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ code, message });
}

interface RequestToPayBody {
  amount?: unknown;
  currency?: unknown;
  externalId?: unknown;
  payer?: { partyIdType?: unknown; partyId?: unknown };
  payee?: { partyIdType?: unknown; partyId?: unknown };
  payerMessage?: unknown;
  payeeNote?: unknown;
  referenceIdToRefund?: unknown;
}

const optionalText = (value: unknown) => value === undefined || (typeof value === 'string' && value.length <= 160);

/** What is wrong with a request to pay's body (MTN's INVALID_* codes), or null. */
function invalidBody(body: RequestToPayBody | undefined, product: Product): string | null {
  if (!body || typeof body !== 'object') return 'The request body is missing or is not JSON.';
  if (typeof body.amount !== 'string' || !/^[1-9]\d{0,11}$/.test(body.amount))
    return 'amount: a positive whole number as a string';
  if (body.currency !== 'XAF') return 'currency: XAF expected';
  if (typeof body.externalId !== 'string' || body.externalId.length === 0 || body.externalId.length > 64)
    return 'externalId: required';
  if (!optionalText(body.payerMessage) || !optionalText(body.payeeNote))
    return 'payerMessage / payeeNote: 160 characters at most';
  if (product === 'collection') {
    if (body.payer?.partyIdType !== 'MSISDN') return 'payer.partyIdType: MSISDN expected';
    if (typeof body.payer.partyId !== 'string' || !/^\d{8,15}$/.test(body.payer.partyId))
      return 'payer.partyId: an international number without +';
  } else if (typeof body.referenceIdToRefund !== 'string' || !UUID.test(body.referenceIdToRefund)) {
    return 'referenceIdToRefund: the X-Reference-Id of a request to pay';
  }
  return null;
}

export interface MtnMomoEmulatorPluginOptions {
  emulator: MtnMomoEmulator;
}

/**
 * The emulator's routes: MTN's API and the payer's prompt page. Registered in a context of its
 * own (its own form parser); mounted at a prefix in the app or at the root of a standalone server.
 */
export async function mtnMomoEmulatorPlugin(app: FastifyInstance, { emulator }: MtnMomoEmulatorPluginOptions) {
  const base = app.prefix.replace(/\/+$/, '');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const subscribed = (product: Product, request: FastifyRequest, reply: FastifyReply): boolean => {
    const key = header(request, 'ocp-apim-subscription-key');
    if (equalSecret(key, emulator.subscriptionKeyOf(product))) return true;
    void subscriptionKeyRefused(reply, key);
    return false;
  };
  /** Subscription key, bearer token and target environment of an API call. */
  const authorized = (product: Product, request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!subscribed(product, request, reply)) return false;
    const token = /^Bearer (.+)$/.exec(header(request, 'authorization') ?? '')?.[1];
    if (!token || !emulator.tokenValid(token, product)) {
      void reply.code(401).send({ code: 'UNAUTHORIZED', message: `Access token is missing, invalid or expired.` });
      return false;
    }
    if (header(request, 'x-target-environment') !== emulator.credentials.targetEnvironment) {
      void error(reply, 403, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
      return false;
    }
    return true;
  };

  for (const product of ['collection', 'disbursement'] as const) {
    app.post(`/${product}/token/`, async (request, reply) => {
      if (!subscribed(product, request, reply)) return reply;
      const basic = /^Basic (.+)$/.exec(header(request, 'authorization') ?? '')?.[1];
      const [user, ...rest] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
      const expectedUser = product === 'collection' ? emulator.credentials.apiUser : emulator.credentials.disbursementApiUser;
      const expectedKey = product === 'collection' ? emulator.credentials.apiKey : emulator.credentials.disbursementApiKey;
      if (!equalSecret(user, expectedUser) || !equalSecret(rest.join(':'), expectedKey)) {
        return reply.code(401).send({ error: 'login_failed' });
      }
      return reply.code(200).send(emulator.issueToken(product));
    });
  }

  const create = (product: Product, path: string) =>
    app.post(path, async (request, reply) => {
      if (!authorized(product, request, reply)) return reply;
      const referenceId = header(request, 'x-reference-id');
      if (!referenceId || !UUID.test(referenceId)) {
        return error(reply, 400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID (version 4).');
      }
      if (emulator.requests.has(referenceId)) {
        return error(reply, 409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
      }
      const callbackUrl = header(request, 'x-callback-url') ?? null;
      if (callbackUrl !== null && !callbackAccepted(callbackUrl, emulator.options.mayCallBack)) {
        return error(reply, 400, 'INVALID_CALLBACK_URL_HOST', 'Callback URL is not valid.');
      }
      const body = request.body as RequestToPayBody | undefined;
      const invalid = invalidBody(body, product);
      if (invalid || !body) return error(reply, 400, 'BAD_REQUEST', invalid ?? 'Bad request');
      const now = Date.now();
      const entry: EmulatedRequest = {
        product,
        referenceId,
        externalId: body.externalId as string,
        amount: body.amount as string,
        currency: body.currency as string,
        payer: product === 'collection' ? { partyIdType: 'MSISDN', partyId: body.payer?.partyId as string } : null,
        payerMessage: (body.payerMessage as string | undefined) ?? '',
        payeeNote: (body.payeeNote as string | undefined) ?? '',
        callbackUrl,
        createdAt: now,
        expiresAt: now + emulator.requestLifetimeMs,
        status: 'PENDING',
        reason: null,
        financialTransactionId: null,
        decidedAt: null,
        ...(product === 'disbursement' ? { referenceIdToRefund: body.referenceIdToRefund as string } : {}),
      };
      emulator.add(entry);
      if (product === 'disbursement') emulator.settleRefund(entry);
      return reply.code(202).send();
    });
  create('collection', '/collection/v1_0/requesttopay');
  create('disbursement', '/disbursement/v1_0/refund');

  const read = (product: Product, path: string) =>
    app.get<{ Params: { referenceId: string } }>(path, async (request, reply) => {
      if (!authorized(product, request, reply)) return reply;
      const found = emulator.current(request.params.referenceId);
      if (!found || found.product !== product) {
        return error(reply, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      }
      return reply.code(200).send(emulator.statusBody(found));
    });
  read('collection', '/collection/v1_0/requesttopay/:referenceId');
  read('disbursement', '/disbursement/v1_0/refund/:referenceId');

  // ─── the payer's phone prompt ───
  app.get('/', async (_request, reply) =>
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderPromptPage(emulator, base)),
  );
  app.post<{ Params: { referenceId: string } }>('/demandes/:referenceId/decision', async (request, reply) => {
    const outcome = (request.body as { outcome?: unknown } | undefined)?.outcome;
    if (!EMULATOR_OUTCOMES.includes(outcome as EmulatorOutcome)) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Décision inconnue');
    }
    await emulator.decide(request.params.referenceId, outcome as EmulatorOutcome);
    return reply.code(303).header('location', `${base}/`).send();
  });
}

const STATUS_LABEL: Record<string, string> = {
  SUCCESSFUL: 'Approuvé',
  APPROVAL_REJECTED: 'Refusé',
  NOT_ENOUGH_FUNDS: 'Solde insuffisant',
  EXPIRED: 'Expiré',
};

function phoneOf(request: EmulatedRequest): string {
  return request.payer ? maskPhone(`+${request.payer.partyId}`) : '';
}

const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#1f2937;color:#111827;line-height:1.45}
main{max-width:26rem;margin:0 auto;padding:1rem}h1{color:#fff;font-size:1.25rem;margin:.5rem 0 .25rem}
.intro{color:#d1d5db;font-size:.9rem;margin:0 0 1rem}.phone{background:#ffcc00;border-radius:1.25rem;padding:1rem;margin:0 0 1rem;box-shadow:0 4px 14px rgba(0,0,0,.35)}
.brand{font-weight:700;font-size:.85rem;letter-spacing:.04em;text-transform:uppercase;margin:0 0 .5rem}
.prompt{background:#fff;border-radius:.75rem;padding:1rem}.prompt p{margin:0 0 .5rem}.amount{font-size:1.1rem;font-weight:700}
.meta{color:#374151;font-size:.85rem}.actions{display:grid;gap:.5rem;margin-top:.75rem}
button{font:inherit;font-weight:600;min-height:2.75rem;border-radius:.5rem;border:2px solid #111827;cursor:pointer;padding:.5rem}
.approve{background:#166534;border-color:#166534;color:#fff}.refuse{background:#fff;color:#991b1b;border-color:#991b1b}.funds{background:#fff;color:#111827}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}.empty{background:#fff;border-radius:.75rem;padding:1rem}
a.refresh{color:#fff;font-weight:600}h2{color:#fff;font-size:1rem;margin:1.5rem 0 .5rem}ul{list-style:none;margin:0;padding:0}li.done{background:#f9fafb;border-radius:.5rem;padding:.5rem .75rem;margin:0 0 .5rem;font-size:.9rem}
`;

/** The emulator's page: each waiting request as the payer's phone shows it, with its three answers. */
export function renderPromptPage(emulator: MtnMomoEmulator, base: string): string {
  const waiting = emulator.waiting();
  const prompts: SafeHtml[] = waiting.map(
    (request) => html`<section class="phone" aria-labelledby="req-${request.referenceId}">
<p class="brand">MTN MoMo</p>
<div class="prompt">
<p class="amount" id="req-${request.referenceId}">Paiement de ${formatFcfa(Number(request.amount))} à ${emulator.payeeName}</p>
<p class="meta">${request.payerMessage}</p>
<p class="meta">Numéro : ${phoneOf(request)} · Réf. ${request.externalId}</p>
<form method="post" action="${base}/demandes/${request.referenceId}/decision" class="actions">
<button class="approve" type="submit" name="outcome" value="approve">Approuver</button>
<button class="refuse" type="submit" name="outcome" value="refuse">Refuser</button>
<button class="funds" type="submit" name="outcome" value="insufficient_funds">Solde insuffisant</button>
</form>
</div>
</section>`,
  );
  const decided = emulator.decided();
  const body = html`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Émulateur MTN MoMo</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Émulateur MTN Mobile Money</h1>
<p class="intro">Les demandes de paiement attendent ici la réponse du payeur, comme sur son téléphone. Aucun argent réel n’est en jeu.</p>
${prompts.length > 0 ? prompts : html`<p class="empty">Aucune demande de paiement en attente.</p>`}
<p><a class="refresh" href="${base}/">Actualiser</a></p>
${
  decided.length > 0
    ? html`<h2>Dernières demandes traitées</h2><ul>${decided.map(
        (request) =>
          html`<li class="done">${formatFcfa(Number(request.amount))} · ${phoneOf(request)} · Réf. ${request.externalId} — ${
            STATUS_LABEL[request.status === 'SUCCESSFUL' ? 'SUCCESSFUL' : (request.reason ?? '')] ?? 'Échoué'
          }</li>`,
      )}</ul>`
    : ''
}
</main>
</body>
</html>`;
  return body.value;
}

// ─── standalone server (tests, a demo) ──────────────────────────────────────────────────────

export interface StartedMtnMomoEmulator {
  /** The base URL to give the adapter: `http://127.0.0.1:PORT`. */
  url: string;
  emulator: MtnMomoEmulator;
  decide(referenceId: string, outcome: EmulatorOutcome): Promise<boolean>;
  close(): Promise<void>;
}

/** Starts the emulator alone on a free port of 127.0.0.1. */
export async function startMtnMomoEmulator(options: MtnMomoEmulatorOptions = {}): Promise<StartedMtnMomoEmulator> {
  const emulator = new MtnMomoEmulator(options);
  const app = Fastify({ logger: false });
  await app.register(mtnMomoEmulatorPlugin, { emulator });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    emulator,
    decide: (referenceId, outcome) => emulator.decide(referenceId, outcome),
    async close() {
      await emulator.close();
      await app.close();
    },
  };
}

/** A fresh uuid for an X-Reference-Id (tests). */
export const newReferenceId = (): string => randomUUID();
