import { createHash } from 'node:crypto';
import type { FailureReason } from '@app/shared/payments';
import { type Config, ConfigError } from '../../config';
import { MTN_EMULATOR_CREDENTIALS } from './emulators/mtn-momo.emulator';
import {
  type MobileMoneyProvider,
  type PaymentRequest,
  PROVIDER_CALL_TIMEOUT_MS,
  ProviderRefused,
  type ProviderStatus,
  ProviderUnreachable,
} from './mobile-money';

/*
 * MTN MoMo Open API, Collection product (request to pay), written from MTN's published
 * documentation (momodeveloper.mtn.com): a token by Basic apiUser:apiKey, a request to pay named
 * by our payment's uuid (X-Reference-Id), its status read back by that reference; refunds through
 * the Disbursement product when its own keys are configured (decision 050). Without keys the same
 * adapter talks to the emulator mounted in the app (emulators/mtn-momo.emulator.ts).
 */

export interface MtnMomoCredentials {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

type Product = 'collection' | 'disbursement';

export interface MtnMomoSettings {
  /** Without a trailing slash: https://proxy.momoapi.mtn.com, or the emulator's address. */
  baseUrl: string;
  collection: MtnMomoCredentials;
  /** The Disbursement product's keys (refunds); null: no refund through MTN. */
  disbursement: MtnMomoCredentials | null;
  /** X-Target-Environment: 'mtncameroon' in production, 'sandbox' on MTN's sandbox. */
  targetEnvironment: string;
  /**
   * Which callback addresses to send as X-Callback-Url: MTN only calls the host registered with
   * the API user (and refuses a request naming another one), so only those on this host; 'any'
   * for the emulator; null: never (the status is polled).
   */
  callbackHost: string | null;
  emulated: boolean;
  /** How long MTN holds a request to pay before it fails as EXPIRED. */
  requestLifetimeMs: number;
  /** Every HTTP call gives up after this long. Default PROVIDER_CALL_TIMEOUT_MS. */
  callTimeoutMs?: number;
  /** Where the adapter says what went wrong (never a secret, never a whole number). */
  log?: { warn(object: object, message: string): void };
}

/** MTN's documented failure reasons of a request to pay, as our failure reasons. */
export function failureReasonOf(code: string | null): FailureReason {
  if (!code) return 'provider_error';
  const upper = code.toUpperCase();
  if (upper === 'APPROVAL_REJECTED' || upper === 'PAYER_REJECTED' || upper === 'REJECTED') return 'refused';
  if (upper === 'NOT_ENOUGH_FUNDS') return 'insufficient_funds';
  if (upper === 'EXPIRED' || upper.includes('TIMEOUT') || upper.includes('TIMED_OUT')) return 'timeout';
  return 'provider_error';
}

/** MTN gives `reason` as a code string or as `{ code, message }`, depending on the API version. */
function reasonCode(reason: unknown): string | null {
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && typeof (reason as { code?: unknown }).code === 'string') {
    return (reason as { code: string }).code;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A token is renewed this long before MTN says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface CachedToken {
  token: string;
  /** Date.now() after which a new token is asked for. */
  renewAt: number;
}

interface Answer {
  status: number;
  body: unknown;
}

export class MtnMomoProvider implements MobileMoneyProvider {
  readonly operator = 'mtn' as const;
  readonly emulated: boolean;
  readonly requestLifetimeMs: number;
  readonly refund?: MobileMoneyProvider['refund'];
  private readonly tokens: Partial<Record<Product, Promise<CachedToken>>> = {};
  private readonly timeoutMs: number;

  constructor(private readonly settings: MtnMomoSettings) {
    this.emulated = settings.emulated;
    this.requestLifetimeMs = settings.requestLifetimeMs;
    this.timeoutMs = settings.callTimeoutMs ?? PROVIDER_CALL_TIMEOUT_MS;
    if (settings.disbursement) this.refund = (request) => this.refundThroughDisbursement(request);
  }

  async requestToPay(request: PaymentRequest): Promise<{ providerReference: string }> {
    if (!UUID.test(request.paymentId)) throw new Error('MTN X-Reference-Id must be a uuid (the payment id)');
    const callback = this.callbackHeader(request.callbackUrl);
    const answer = await this.call('collection', 'POST', '/collection/v1_0/requesttopay', {
      headers: { 'x-reference-id': request.paymentId, ...(callback ? { 'x-callback-url': callback } : {}) },
      body: {
        amount: String(Math.round(request.amount)),
        currency: request.currency,
        externalId: request.reference,
        payer: { partyIdType: 'MSISDN', partyId: request.phone.replace(/^\+/, '') },
        payerMessage: request.payerMessage.slice(0, 160),
        payeeNote: request.payeeNote.slice(0, 160),
      },
    });
    // 409: this reference was already accepted (an earlier attempt did reach MTN).
    if (answer.status === 202 || answer.status === 200 || answer.status === 409) {
      return { providerReference: request.paymentId };
    }
    throw this.refusal('request to pay', answer);
  }

  async status(providerReference: string): Promise<ProviderStatus> {
    let answer: Answer;
    try {
      answer = await this.call('collection', 'GET', `/collection/v1_0/requesttopay/${encodeURIComponent(providerReference)}`);
    } catch (error) {
      // Credentials refused while asking: what became of the payment is unknown, never 'failed'.
      if (error instanceof ProviderRefused) throw new ProviderUnreachable(error.message);
      throw error;
    }
    if (answer.status === 404) {
      // MTN never accepted this reference: nobody can approve it.
      return { status: 'failed', reason: 'provider_error', detail: 'RESOURCE_NOT_FOUND' };
    }
    if (answer.status !== 200) {
      this.warn(answer, 'status');
      throw new ProviderUnreachable(`MTN MoMo answered ${answer.status} to a status request`);
    }
    return statusOf(answer.body);
  }

  /** MTN does not sign its callbacks: the address is unguessable and the status is read back. */
  verifyCallback(): boolean {
    return true;
  }

  /** The X-Reference-Id a callback names (`referenceId`), or null for a body that is not one. */
  referenceOfCallback(body: unknown): string | null {
    if (!body || typeof body !== 'object') return null;
    const { referenceId, status } = body as { referenceId?: unknown; status?: unknown };
    if (typeof status !== 'string') return null;
    return typeof referenceId === 'string' && UUID.test(referenceId) ? referenceId : null;
  }

  private async refundThroughDisbursement(request: {
    paymentId: string;
    providerReference: string;
    amount: number;
    phone: string;
    reason: string;
  }): Promise<{ providerReference: string }> {
    // One refund per payment: its X-Reference-Id is derived from the payment's, so a retried
    // refund is the same refund (409) instead of a second one.
    const refundReference = refundReferenceOf(request.paymentId);
    const answer = await this.call('disbursement', 'POST', '/disbursement/v1_0/refund', {
      headers: { 'x-reference-id': refundReference },
      body: {
        amount: String(Math.round(request.amount)),
        currency: 'XAF',
        externalId: request.paymentId,
        payerMessage: 'Remboursement',
        payeeNote: request.reason.slice(0, 160),
        referenceIdToRefund: request.providerReference,
      },
    });
    if (answer.status !== 202 && answer.status !== 200 && answer.status !== 409) throw this.refusal('refund', answer);
    const check = await this.call('disbursement', 'GET', `/disbursement/v1_0/refund/${refundReference}`);
    if (check.status === 200) {
      const body = check.body as { status?: unknown; reason?: unknown };
      if (body.status === 'FAILED') {
        const code = reasonCode(body.reason);
        throw new ProviderRefused(`MTN MoMo refused the refund (${code ?? 'FAILED'})`, 'provider_error');
      }
    }
    return { providerReference: refundReference };
  }

  private callbackHeader(url: string): string | null {
    const host = this.settings.callbackHost;
    if (host === null || !URL.canParse(url)) return null;
    if (host === 'any') return url;
    return new URL(url).hostname === host ? url : null;
  }

  /** The product's access token, kept until a minute before MTN says it expires. */
  private async token(product: Product): Promise<CachedToken> {
    const cached = this.tokens[product];
    if (cached) {
      const token = await cached;
      if (token.renewAt > Date.now()) return token;
      if (this.tokens[product] !== cached) return this.token(product);
    }
    // Concurrent callers share one token request.
    const pending = this.askToken(product);
    this.tokens[product] = pending;
    pending.catch(() => {
      if (this.tokens[product] === pending) delete this.tokens[product];
    });
    return pending;
  }

  private async askToken(product: Product): Promise<CachedToken> {
    const credentials = this.credentialsOf(product);
    const basic = Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64');
    const answer = await this.send('POST', `/${product}/token/`, {
      authorization: `Basic ${basic}`,
      'ocp-apim-subscription-key': credentials.subscriptionKey,
    });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status === 200 && typeof body?.access_token === 'string') {
      const seconds = Number(body.expires_in ?? 3600);
      const lifetime = (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000;
      return { token: body.access_token, renewAt: Date.now() + Math.max(lifetime - TOKEN_MARGIN_MS, lifetime / 2) };
    }
    if (answer.status === 429) throw new ProviderUnreachable('MTN MoMo asked to slow down (429)');
    this.warn(answer, `${product} token`);
    throw new ProviderRefused(`MTN MoMo refused the ${product} credentials (${answer.status})`, 'provider_error');
  }

  private credentialsOf(product: Product): MtnMomoCredentials {
    const credentials = product === 'collection' ? this.settings.collection : this.settings.disbursement;
    if (!credentials) throw new Error('MTN MoMo Disbursement keys are not configured');
    return credentials;
  }

  /**
   * One authenticated call. A token MTN no longer takes (401) is dropped and asked again, once.
   * Network errors, timeouts and 5xx throw ProviderUnreachable.
   */
  private async call(
    product: Product,
    method: 'GET' | 'POST',
    path: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const cached = this.tokens[product];
      const token = await this.token(product);
      const answer = await this.send(
        method,
        path,
        {
          authorization: `Bearer ${token.token}`,
          'ocp-apim-subscription-key': this.credentialsOf(product).subscriptionKey,
          'x-target-environment': this.settings.targetEnvironment,
          ...options.headers,
        },
        options.body,
      );
      if (answer.status === 401 && attempt === 0 && cached) {
        if (this.tokens[product] === cached) delete this.tokens[product];
        continue;
      }
      return answer;
    }
  }

  private async send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.settings.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderUnreachable(
        timedOut ? `MTN MoMo did not answer within ${this.timeoutMs} ms` : 'MTN MoMo could not be reached',
      );
    }
    if (response.status >= 500) {
      this.warn({ status: response.status, body: null }, `${method} ${operationOf(path)}`);
      throw new ProviderUnreachable(`MTN MoMo answered ${response.status}`);
    }
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    return { status: response.status, body: parsed };
  }

  /** A definite 4xx refusal, its MTN code mapped to our reasons (429 is not one: slow down). */
  private refusal(what: string, answer: Answer): ProviderRefused | ProviderUnreachable {
    if (answer.status === 429) return new ProviderUnreachable('MTN MoMo asked to slow down (429)');
    this.warn(answer, what);
    const code = reasonCode((answer.body as { code?: unknown } | null)?.code ?? null);
    return new ProviderRefused(`MTN MoMo refused the ${what} (${answer.status}${code ? ` ${code}` : ''})`, failureReasonOf(code));
  }

  /** Only the status and MTN's code or message: never a header, a token or a number. */
  private warn(answer: Answer, what: string): void {
    const body = answer.body as { code?: unknown; message?: unknown; error?: unknown } | null;
    this.settings.log?.warn(
      {
        provider: 'mtn',
        status: answer.status,
        code: typeof body?.code === 'string' ? body.code : typeof body?.error === 'string' ? body.error : undefined,
        message: typeof body?.message === 'string' ? body.message.slice(0, 200) : undefined,
      },
      `MTN MoMo: ${what} refused`,
    );
  }
}

/** '/collection/v1_0/requesttopay/…' without the reference: what a log line may name. */
function operationOf(path: string): string {
  return path.split('/').slice(0, 4).join('/');
}

/** A status answer of MTN as ours; its amount and currency are checked by the payments service. */
export function statusOf(body: unknown): ProviderStatus {
  const answer = (body ?? {}) as {
    status?: unknown;
    reason?: unknown;
    amount?: unknown;
    currency?: unknown;
    financialTransactionId?: unknown;
  };
  const status = typeof answer.status === 'string' ? answer.status.toUpperCase() : '';
  if (status === 'SUCCESSFUL') {
    const id = answer.financialTransactionId;
    return {
      status: 'successful',
      amount: Number(answer.amount),
      currency: typeof answer.currency === 'string' ? answer.currency : '',
      providerTransactionId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
    };
  }
  if (status === 'FAILED' || status === 'REJECTED' || status === 'TIMEOUT' || status === 'EXPIRED') {
    const code = reasonCode(answer.reason) ?? (status === 'FAILED' ? null : status);
    return { status: 'failed', reason: failureReasonOf(code), detail: code };
  }
  return { status: 'pending' };
}

/** The X-Reference-Id of a payment's refund: a uuid (version 4 layout) derived from the payment's. */
export function refundReferenceOf(paymentId: string): string {
  const hex = createHash('sha256').update(`refund:${paymentId.toLowerCase()}`).digest('hex');
  const variant = '89ab'[Number.parseInt(hex[16] ?? '0', 16) % 4];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** How long MTN holds a request to pay for the payer (its prompt), as we assume it. */
export const MTN_REQUEST_LIFETIME_MS = 5 * 60_000;
/** Where the emulator is mounted in the app. */
export const MTN_EMULATOR_PATH = '/emulateurs/mtn-momo';

/** True when no MTN key is configured: payments go to the emulator mounted in the app. */
export function mtnMomoEmulated(config: Config): boolean {
  const keys = [config.MTN_MOMO_SUBSCRIPTION_KEY, config.MTN_MOMO_API_USER, config.MTN_MOMO_API_KEY];
  const set = keys.filter(Boolean).length;
  if (set !== 0 && set !== keys.length) {
    throw new ConfigError(
      'Invalid configuration:\n  MTN_MOMO_SUBSCRIPTION_KEY, MTN_MOMO_API_USER and MTN_MOMO_API_KEY go together: set all three, or none for the emulator',
    );
  }
  return set === 0;
}

/** The adapter's settings for the MTN emulator at `baseUrl`, with its own sandbox keys (refunds included). */
export function mtnEmulatorSettings(baseUrl: string): MtnMomoSettings {
  return {
    baseUrl,
    collection: {
      subscriptionKey: MTN_EMULATOR_CREDENTIALS.subscriptionKey,
      apiUser: MTN_EMULATOR_CREDENTIALS.apiUser,
      apiKey: MTN_EMULATOR_CREDENTIALS.apiKey,
    },
    disbursement: {
      subscriptionKey: MTN_EMULATOR_CREDENTIALS.disbursementSubscriptionKey,
      apiUser: MTN_EMULATOR_CREDENTIALS.disbursementApiUser,
      apiKey: MTN_EMULATOR_CREDENTIALS.disbursementApiKey,
    },
    targetEnvironment: MTN_EMULATOR_CREDENTIALS.targetEnvironment,
    callbackHost: 'any',
    emulated: true,
    requestLifetimeMs: MTN_REQUEST_LIFETIME_MS,
  };
}

/**
 * The MTN adapter from the configuration: MTN's API with its keys, else the emulator mounted in
 * the app (`${PUBLIC_URL}/emulateurs/mtn-momo`) with the emulator's own sandbox credentials.
 */
export function mtnMomoProviderFromConfig(config: Config, log?: MtnMomoSettings['log']): MtnMomoProvider {
  if (mtnMomoEmulated(config)) {
    return new MtnMomoProvider({ ...mtnEmulatorSettings(`${config.PUBLIC_URL.replace(/\/+$/, '')}${MTN_EMULATOR_PATH}`), log });
  }
  const disbursement = {
    subscriptionKey: config.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
    apiUser: config.MTN_MOMO_DISBURSEMENT_API_USER,
    apiKey: config.MTN_MOMO_DISBURSEMENT_API_KEY,
  };
  return new MtnMomoProvider({
    baseUrl: config.MTN_MOMO_BASE_URL.replace(/\/+$/, ''),
    collection: {
      subscriptionKey: config.MTN_MOMO_SUBSCRIPTION_KEY,
      apiUser: config.MTN_MOMO_API_USER,
      apiKey: config.MTN_MOMO_API_KEY,
    },
    disbursement: Object.values(disbursement).every(Boolean) ? disbursement : null,
    targetEnvironment: config.MTN_MOMO_TARGET_ENVIRONMENT,
    callbackHost: config.MTN_MOMO_CALLBACK_HOST || null,
    emulated: false,
    requestLifetimeMs: MTN_REQUEST_LIFETIME_MS,
    log,
  });
}
