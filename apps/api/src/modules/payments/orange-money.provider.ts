import type { FailureReason } from '@app/shared/payments';
import { type Config, ConfigError } from '../../config';
import {
  type MobileMoneyProvider,
  type PaymentRequest,
  PROVIDER_CALL_TIMEOUT_MS,
  ProviderRefused,
  type ProviderStatus,
  ProviderUnreachable,
} from './mobile-money';

/*
 * Orange Money Cameroon's merchant payment API, the "OM Core API" (decision 051): a token by
 * Basic auth (`POST /token`), then `POST /omcoreapis/1.0.2/mp/init` gives a payToken and
 * `POST /omcoreapis/1.0.2/mp/pay` pushes the approval prompt to the payer's phone; the status is
 * read back by `GET /omcoreapis/1.0.2/mp/paymentstatus/{payToken}`. Every payment call carries the
 * bearer token and the `X-AUTH-TOKEN` Orange gives with the login. Orange calls the notifUrl back
 * with `{ payToken, status, message }`, unsigned.
 */

/** The API's version in its paths, as Orange publishes it. */
export const ORANGE_MP_PATH = '/omcoreapis/1.0.2/mp';

/**
 * How long Orange keeps a payment request before its payToken reads EXPIRED. Orange does not
 * publish it; the prompt on the phone lasts a few minutes, so the job stops asking after this.
 */
export const ORANGE_REQUEST_LIFETIME_MS = 10 * 60_000;

/** Where the app mounts the emulator when the Orange keys are empty. */
export const ORANGE_EMULATOR_PATH = '/emulateurs/orange-money';

/** The emulator's fixed credentials (not secrets: the emulator moves no money). */
export const ORANGE_EMULATOR_CREDENTIALS = {
  username: 'emulateur-orange',
  password: 'emulateur-orange-mot-de-passe',
  authToken: 'emulateur-orange-x-auth-token',
  channelMsisdn: '699000000',
  pin: '0000',
} as const;

/** A token is fetched again this long before Orange says it expires (at most a tenth of its life). */
const TOKEN_MARGIN_MS = 60_000;

/** Orange's status words (its own spelling: SUCCESSFULL). */
const PENDING_STATUSES = new Set(['INITIATED', 'PENDING']);
const SUCCESS_STATUSES = new Set(['SUCCESSFULL', 'SUCCESSFUL', 'SUCCESS']);
const NOTIFICATION_STATUSES = new Set([...PENDING_STATUSES, ...SUCCESS_STATUSES, 'FAILED', 'EXPIRED', 'CANCELLED']);
/** A payToken as Orange makes them ('MP22120771FEB7B21FD2381C3786'). */
const PAY_TOKEN = /^MP[A-Za-z0-9.]{4,64}$/;
/** Orange's own notification is a few hundred bytes. */
const MAX_NOTIFICATION_BYTES = 4096;

export interface OrangeMoneyOptions {
  /** https://api-s1.orange.cm, or the emulator's address. */
  baseUrl: string;
  username: string;
  password: string;
  /** The X-AUTH-TOKEN header. */
  authToken: string;
  /** The merchant's number (channelUserMsisdn), 9 digits. */
  channelMsisdn: string;
  pin: string;
  emulated?: boolean;
  /** Every call gives up after this long (default PROVIDER_CALL_TIMEOUT_MS). */
  timeoutMs?: number;
  requestLifetimeMs?: number;
  /** The clock the token cache reads (tests move it). */
  now?: () => number;
}

/** The token or a payment call was refused for its credentials (401 twice). */
class CredentialsRefused extends Error {}

interface Answer {
  status: number;
  body: unknown;
}

interface OrangeTransaction {
  status?: unknown;
  amount?: unknown;
  txnid?: unknown;
  inittxnstatus?: unknown;
  inittxnmessage?: unknown;
  confirmtxnstatus?: unknown;
  confirmtxnmessage?: unknown;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Orange's messages name the payer's number ('from 69XXXXXXX'): never kept whole. */
export function withoutPhoneNumbers(message: string): string {
  return message.replace(/\+?\d{8,15}/g, (digits) => `${digits.slice(0, digits.length > 9 ? 4 : 1)}••••${digits.slice(-2)}`);
}

/** '+237699112233' → '699112233', the form Orange's subscriberMsisdn takes. */
export function orangeMsisdn(e164: string): string | null {
  const match = /^\+237(6\d{8})$/.exec(e164);
  return match ? (match[1] as string) : null;
}

/** Why Orange failed a payment, from its codes and words (60019 covers several causes). */
function failureReason(transaction: OrangeTransaction, message: string | null): FailureReason {
  // The payer's answer when there is one; else why mp/pay refused at once.
  const words = text(transaction.confirmtxnmessage) ?? [transaction.inittxnmessage, message].map(text).filter(Boolean).join(' ');
  if (/solde[^.]*insuffisant|insufficient/i.test(words)) return 'insufficient_funds';
  if (/expir|d[ée]lai|timeout|timed out/i.test(words)) return 'timeout';
  // The merchant's own number or PIN refused: our configuration, not the payer.
  if (/marchand|merchant|channel/i.test(words)) return 'provider_error';
  return 'refused';
}

function detailOf(transaction: OrangeTransaction, message: string | null): string | null {
  const detail = text(transaction.confirmtxnmessage) ?? text(transaction.inittxnmessage) ?? message;
  return detail ? withoutPhoneNumbers(detail).slice(0, 300) : null;
}

export class OrangeMoneyProvider implements MobileMoneyProvider {
  readonly operator = 'orange' as const;
  readonly emulated: boolean;
  readonly requestLifetimeMs: number;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; renewAt: number } | null = null;
  private tokenInFlight: Promise<string> | null = null;

  constructor(private readonly options: OrangeMoneyOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.emulated = options.emulated ?? false;
    this.timeoutMs = options.timeoutMs ?? PROVIDER_CALL_TIMEOUT_MS;
    this.requestLifetimeMs = options.requestLifetimeMs ?? ORANGE_REQUEST_LIFETIME_MS;
    this.now = options.now ?? Date.now;
  }

  /** One HTTP call with its timeout; no answer, a network error or a 5xx is ProviderUnreachable. */
  private async call(label: string, path: string, init: RequestInit, providerReference: string | null = null): Promise<Answer> {
    let status: number;
    let raw: string;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderUnreachable(
        `Orange Money ${label}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : 'network error'}`,
        providerReference,
      );
    }
    if (status >= 500) {
      throw new ProviderUnreachable(`Orange Money ${label}: HTTP ${status}`, providerReference);
    }
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    return { status, body };
  }

  /** The bearer token, kept until shortly before Orange says it expires; one fetch at a time. */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.tokenInFlight ??= this.fetchToken().finally(() => {
      this.tokenInFlight = null;
    });
    return this.tokenInFlight;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.username}:${this.options.password}`).toString('base64');
    const answer = await this.call('token', '/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = record(answer.body);
    const value = text(body?.access_token);
    if (answer.status !== 200 || !value) {
      throw new CredentialsRefused(`Orange Money token: refused (HTTP ${answer.status})`);
    }
    const lifeMs = Math.max(0, Number(body?.expires_in) || 0) * 1000;
    this.token = { value, renewAt: this.now() + lifeMs - Math.min(TOKEN_MARGIN_MS, lifeMs / 10) };
    return value;
  }

  /** A payment call with the bearer token and X-AUTH-TOKEN; a 401 fetches the token again, once. */
  private async authorized(
    label: string,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    providerReference: string | null = null,
  ): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const answer = await this.call(
        label,
        path,
        {
          method: init.method,
          headers: {
            authorization: `Bearer ${token}`,
            'x-auth-token': this.options.authToken,
            accept: 'application/json',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        },
        providerReference,
      );
      if (answer.status !== 401) return answer;
      if (this.token?.value === token) this.token = null;
      if (attempt > 0) throw new CredentialsRefused(`Orange Money ${label}: credentials refused (HTTP 401)`);
    }
  }

  async requestToPay(request: PaymentRequest): Promise<{ providerReference: string }> {
    const subscriber = orangeMsisdn(request.phone);
    if (!subscriber) throw new ProviderRefused('Orange Money: not a Cameroonian mobile number', 'refused');
    if (request.currency !== 'XAF' || !Number.isInteger(request.amount) || request.amount <= 0) {
      throw new ProviderRefused('Orange Money: amounts are whole francs CFA (XAF)', 'provider_error');
    }
    try {
      // 1. A payToken: nothing is asked of the payer yet.
      const init = await this.authorized('mp/init', `${ORANGE_MP_PATH}/init`, { method: 'POST' });
      const payToken = text(record(record(init.body)?.data)?.payToken);
      if (init.status >= 300 || !payToken || !PAY_TOKEN.test(payToken)) {
        throw new ProviderRefused(`Orange Money mp/init: refused (HTTP ${init.status})`, 'provider_error');
      }
      // 2. The prompt on the payer's phone. From here on the payer may have been asked: a call
      // that does not answer leaves the payment to be read back by its payToken.
      const pay = await this.authorized(
        'mp/pay',
        `${ORANGE_MP_PATH}/pay`,
        {
          method: 'POST',
          body: {
            notifUrl: request.callbackUrl,
            channelUserMsisdn: this.options.channelMsisdn,
            amount: String(request.amount),
            subscriberMsisdn: subscriber,
            pin: this.options.pin,
            orderId: request.reference,
            description: request.payerMessage.slice(0, 80),
            payToken,
          },
        },
        payToken,
      );
      const body = record(pay.body);
      const transaction = (record(body?.data) ?? {}) as OrangeTransaction;
      const message = text(body?.message);
      if (pay.status >= 300 || transaction.status === 'FAILED') {
        // 417 (or a FAILED answer) is Orange refusing this payment; another 4xx, our request.
        const reason = pay.status === 417 || pay.status < 300 ? failureReason(transaction, message) : 'provider_error';
        throw new ProviderRefused(
          `Orange Money mp/pay: refused (HTTP ${pay.status}${message ? `, ${withoutPhoneNumbers(message).slice(0, 200)}` : ''})`,
          reason,
        );
      }
      return { providerReference: payToken };
    } catch (error) {
      if (error instanceof CredentialsRefused) throw new ProviderRefused(error.message, 'provider_error');
      throw error;
    }
  }

  async status(providerReference: string): Promise<ProviderStatus> {
    if (!PAY_TOKEN.test(providerReference)) {
      return { status: 'failed', reason: 'provider_error', detail: 'Not an Orange Money payToken' };
    }
    let answer: Answer;
    try {
      answer = await this.authorized(
        'mp/paymentstatus',
        `${ORANGE_MP_PATH}/paymentstatus/${encodeURIComponent(providerReference)}`,
        { method: 'GET' },
        providerReference,
      );
    } catch (error) {
      // Without valid credentials the status cannot be asked: the payment stays to be read later.
      if (error instanceof CredentialsRefused) throw new ProviderUnreachable(error.message, providerReference);
      throw error;
    }
    const body = record(answer.body);
    const transaction = record(body?.data) as OrangeTransaction | null;
    if (answer.status >= 300 || !transaction) {
      // Orange does not know this payToken: no payment was ever asked by it.
      return { status: 'failed', reason: 'provider_error', detail: `Orange Money paymentstatus: HTTP ${answer.status}` };
    }
    const status = typeof transaction.status === 'string' ? transaction.status.toUpperCase() : '';
    const message = text(body?.message);
    if (SUCCESS_STATUSES.has(status)) {
      return {
        status: 'successful',
        amount: Number(transaction.amount),
        // Orange Money Cameroon holds francs CFA only: its answers name no currency.
        currency: 'XAF',
        providerTransactionId: text(transaction.txnid),
      };
    }
    if (status === 'EXPIRED') return { status: 'failed', reason: 'timeout', detail: 'EXPIRED' };
    if (status === 'FAILED' || status === 'CANCELLED') {
      return { status: 'failed', reason: failureReason(transaction, message), detail: detailOf(transaction, message) };
    }
    // PENDING, INITIATED, or a word Orange adds later: asked again until the request's lifetime.
    return { status: 'pending' };
  }

  /**
   * Orange signs neither its notifications nor their headers, and sends no notification token
   * (its Web Payment API does; this one does not): a callback is believed only through its
   * unguessable address and the status read back. Here: is the body one of Orange's notifications?
   */
  verifyCallback(rawBody: Buffer, _headers: Record<string, string | string[] | undefined>): boolean {
    if (rawBody.length === 0 || rawBody.length > MAX_NOTIFICATION_BYTES) return false;
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return false;
    }
    const notification = record(body);
    const status = notification?.status;
    return (
      this.referenceOfCallback(body) !== null && typeof status === 'string' && NOTIFICATION_STATUSES.has(status.toUpperCase())
    );
  }

  referenceOfCallback(body: unknown): string | null {
    const payToken = record(body)?.payToken;
    return typeof payToken === 'string' && PAY_TOKEN.test(payToken) ? payToken : null;
  }
}

/** Whether the Orange Money keys are all empty: then the app mounts the emulator and talks to it. */
export function orangeMoneyEmulated(config: Config): boolean {
  return [
    config.ORANGE_MONEY_USERNAME,
    config.ORANGE_MONEY_PASSWORD,
    config.ORANGE_MONEY_AUTH_TOKEN,
    config.ORANGE_MONEY_CHANNEL_MSISDN,
    config.ORANGE_MONEY_PIN,
  ].every((value) => value.trim() === '');
}

/**
 * The adapter from the configuration: Orange's API with its keys, or, with every key empty, the
 * emulator mounted in this app (`${PUBLIC_URL}/emulateurs/orange-money`) with its fixed
 * credentials. Some keys set and others empty is a mistake, said at start.
 */
export function orangeMoneyProviderFromConfig(config: Config, overrides: Partial<OrangeMoneyOptions> = {}): OrangeMoneyProvider {
  if (orangeMoneyEmulated(config)) {
    return new OrangeMoneyProvider({
      baseUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}${ORANGE_EMULATOR_PATH}`,
      ...ORANGE_EMULATOR_CREDENTIALS,
      emulated: true,
      ...overrides,
    });
  }
  const missing = (
    [
      'ORANGE_MONEY_USERNAME',
      'ORANGE_MONEY_PASSWORD',
      'ORANGE_MONEY_AUTH_TOKEN',
      'ORANGE_MONEY_CHANNEL_MSISDN',
      'ORANGE_MONEY_PIN',
    ] as const
  ).filter((name) => config[name].trim() === '');
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  Orange Money: ${missing.join(', ')} empty while other ORANGE_MONEY_ keys are set (all five, or none for the emulator)`,
    );
  }
  return new OrangeMoneyProvider({
    baseUrl: config.ORANGE_MONEY_BASE_URL,
    username: config.ORANGE_MONEY_USERNAME,
    password: config.ORANGE_MONEY_PASSWORD,
    authToken: config.ORANGE_MONEY_AUTH_TOKEN,
    channelMsisdn: config.ORANGE_MONEY_CHANNEL_MSISDN.trim(),
    pin: config.ORANGE_MONEY_PIN,
    emulated: false,
    ...overrides,
  });
}
