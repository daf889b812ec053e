import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { formatFcfa, maskPhone } from '@app/shared/payments';
import { html, type SafeHtml } from '../../public-pages/html';
import { ORANGE_EMULATOR_CREDENTIALS, ORANGE_MP_PATH, ORANGE_REQUEST_LIFETIME_MS } from '../orange-money.provider';

/*
 * A local emulator of Orange Money Cameroon's merchant payment API (decision 051), like s3rver for
 * S3: the same paths, headers, bodies and answers as api-s1.orange.cm (`POST /token`,
 * `POST /omcoreapis/1.0.2/mp/init`, `POST …/mp/pay`, `GET …/mp/paymentstatus/{payToken}`,
 * `GET …/mp/push/{payToken}`), checking the credentials and tokens. Each payment waits until it is
 * decided on its page (what the payer's phone shows), by `decide()` in tests, or after a chosen
 * delay; then the notifUrl is called as Orange calls it. A request left alone expires.
 */

/** The emulator's API routes, as a fault may name them. */
export type EmulatorRoute = 'token' | 'mp/init' | 'mp/pay' | 'mp/paymentstatus' | 'mp/push';

export type EmulatorOutcome = 'approve' | 'refuse' | 'insufficient_funds' | 'timeout';
export const EMULATOR_OUTCOMES: readonly EmulatorOutcome[] = ['approve', 'refuse', 'insufficient_funds', 'timeout'];

export interface OrangeMoneyEmulatorOptions {
  credentials?: { username: string; password: string; authToken: string; channelMsisdn: string; pin: string };
  /** How long a payment waits before it reads EXPIRED (default: the adapter's ORANGE_REQUEST_LIFETIME_MS). */
  requestLifetimeMs?: number;
  /** The tokens' expires_in, in seconds (default 3600). */
  tokenLifetimeSeconds?: number;
  /** The payer's balance: a larger amount is refused by mp/pay as Orange does (default: no limit). */
  balance?: number;
  /** Decide every payment by itself this long after mp/pay. */
  autoDecide?: { afterMs: number; outcome: EmulatorOutcome };
  /** The merchant's name on the prompt. */
  merchantName?: string;
  /** Which notifUrl may be called (the app's emulator calls only its own origin); default any http(s). */
  mayNotify?: (url: URL) => boolean;
}

/** A payment as Orange answers it (`data` of mp/pay and mp/paymentstatus). */
export interface OrangeTransactionRecord {
  id: number;
  createtime: string | null;
  subscriberMsisdn: string | null;
  amount: number | null;
  payToken: string;
  txnid: string | null;
  txnmode: string | null;
  inittxnmessage: string | null;
  inittxnstatus: string | null;
  confirmtxnstatus: string | null;
  confirmtxnmessage: string | null;
  status: 'INITIATED' | 'PENDING' | 'SUCCESSFULL' | 'FAILED' | 'EXPIRED';
  notifUrl: string | null;
  description: string | null;
  channelUserMsisdn: string | null;
}

interface Payment {
  data: OrangeTransactionRecord;
  createdAt: number;
  timers: NodeJS.Timeout[];
}

const INIT_MESSAGE =
  'Paiement e la clientele done.The devrez confirmer le paiement en saisissant son code PIN et vous recevrez alors un SMS. Merci dutiliser des services Orange Money.';
/** Orange's own words on the wire (its English, its French without accents): copied, never translated. */
const SAYS = {
  insufficient: 'Le solde du compte du payeur est insuffisant',
  refused: 'Transaction annulee par le client',
  invalidCredentials: 'Invalid Credentials',
  unavailable: 'Service Unavailable',
  initiated: 'Payment request successfully initiated',
  merchantRefused: '60019 :: Le numero marchand ou son PIN est incorrect',
  payInitiated: 'Merchant payment successfully initiated',
  notFound: 'Transaction not found',
  retrieved: 'Transaction retrieved successfully',
  pushed: 'Push sent to customer',
} as const;
const INSUFFICIENT = SAYS.insufficient;
const REFUSED = SAYS.refused;
/** Payments kept in memory at most (the oldest go first). */
const MAX_PAYMENTS = 5000;
const HTML_TYPE = 'text/html; charset=utf-8';
/** The page's own rules: no script at all, its inline style, forms posted to itself. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares two secrets in constant time. */
function same(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function expiredRecord(payToken: string, id: number, createtime: string | null): OrangeTransactionRecord {
  return {
    id,
    createtime,
    subscriberMsisdn: null,
    amount: null,
    payToken,
    txnid: null,
    txnmode: null,
    inittxnmessage: null,
    inittxnstatus: null,
    confirmtxnstatus: null,
    confirmtxnmessage: null,
    status: 'EXPIRED',
    notifUrl: null,
    description: null,
    channelUserMsisdn: null,
  };
}

/** 'MP' + date + 22 hex digits, as Orange's payTokens look. */
function newPayToken(now: Date): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `MP${date}${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** 'MP221207.2051.B56929', as Orange's transaction ids look. */
function newTxnId(now: Date): string {
  const iso = now.toISOString();
  return `MP${iso.slice(2, 10).replace(/-/g, '')}.${iso.slice(11, 16).replace(':', '')}.${randomBytes(3).toString('hex').toUpperCase()}`;
}

/** The emulator's state: tokens, payments and their timers. One per mounted plugin or started server. */
export class OrangeMoneyEmulator {
  readonly credentials: NonNullable<OrangeMoneyEmulatorOptions['credentials']>;
  readonly requestLifetimeMs: number;
  /**
   * What the API routes do instead of answering, for tests: 'hang' (never answer) or 'error'
   * (HTTP 500, as Orange's gateway answers), on every API route or on one only.
   */
  fault: { mode: 'hang' | 'error'; route: EmulatorRoute | null } | null = null;
  /** Tokens issued so far (tests read it to see the adapter's cache). */
  tokensIssued = 0;
  private readonly tokens = new Map<string, number>();
  private readonly payments = new Map<string, Payment>();
  private readonly hanging = new Set<() => void>();
  private nextId = 48_460_000;
  private closed = false;

  constructor(readonly options: OrangeMoneyEmulatorOptions = {}) {
    this.credentials = options.credentials ?? { ...ORANGE_EMULATOR_CREDENTIALS };
    this.requestLifetimeMs = options.requestLifetimeMs ?? ORANGE_REQUEST_LIFETIME_MS;
  }

  get merchantName(): string {
    return this.options.merchantName ?? 'Évènements Cameroun';
  }

  issueToken(): { access_token: string; scope: string; token_type: 'Bearer'; expires_in: number } {
    const expiresIn = this.options.tokenLifetimeSeconds ?? 3600;
    const token = randomUUID();
    this.tokens.set(token, Date.now() + expiresIn * 1000);
    this.tokensIssued += 1;
    return { access_token: token, scope: 'am_application_scope default', token_type: 'Bearer', expires_in: expiresIn };
  }

  tokenValid(token: string): boolean {
    const until = this.tokens.get(token);
    return until !== undefined && until > Date.now();
  }

  /** Every token issued so far is refused from now on (as when Orange revokes them early). */
  expireTokens(): void {
    this.tokens.clear();
  }

  init(): string {
    const now = new Date();
    const payToken = newPayToken(now);
    const data: OrangeTransactionRecord = {
      ...expiredRecord(payToken, this.nextId++, String(Math.floor(now.getTime() / 1000))),
      status: 'INITIATED',
    };
    this.keep(payToken, { data, createdAt: now.getTime(), timers: [] });
    const expiry = setTimeout(() => void this.expire(payToken), this.requestLifetimeMs);
    expiry.unref();
    this.payments.get(payToken)?.timers.push(expiry);
    return payToken;
  }

  private keep(payToken: string, payment: Payment) {
    this.payments.set(payToken, payment);
    if (this.payments.size > MAX_PAYMENTS) {
      const [oldest] = this.payments.keys();
      if (oldest) this.forget(oldest);
    }
  }

  private forget(payToken: string) {
    const payment = this.payments.get(payToken);
    for (const timer of payment?.timers ?? []) clearTimeout(timer);
    this.payments.delete(payToken);
  }

  get(payToken: string): OrangeTransactionRecord | null {
    const payment = this.payments.get(payToken);
    if (!payment) return null;
    if (this.isOverdue(payment)) this.toExpired(payment);
    return payment.data;
  }

  private isOverdue(payment: Payment): boolean {
    const waiting = payment.data.status === 'INITIATED' || payment.data.status === 'PENDING';
    return waiting && Date.now() - payment.createdAt >= this.requestLifetimeMs;
  }

  private toExpired(payment: Payment) {
    payment.data = expiredRecord(payment.data.payToken, payment.data.id, payment.data.createtime);
  }

  /** mp/pay: the prompt goes to the payer's phone; a balance too small is refused at once. */
  pay(
    payToken: string,
    body: { subscriberMsisdn: string; amount: number; orderId: string; description: string; notifUrl: string },
  ): { ok: boolean; data: OrangeTransactionRecord } {
    const payment = this.payments.get(payToken);
    if (!payment) throw new Error('unknown payToken');
    const data: OrangeTransactionRecord = {
      ...payment.data,
      subscriberMsisdn: body.subscriberMsisdn,
      amount: body.amount,
      txnmode: body.orderId,
      notifUrl: body.notifUrl,
      description: body.description,
      channelUserMsisdn: this.credentials.channelMsisdn,
    };
    if (this.options.balance !== undefined && body.amount > this.options.balance) {
      payment.data = { ...data, inittxnstatus: '60019', inittxnmessage: INSUFFICIENT, status: 'FAILED' };
      return { ok: false, data: payment.data };
    }
    payment.data = {
      ...data,
      txnid: newTxnId(new Date()),
      inittxnstatus: '200',
      inittxnmessage: INIT_MESSAGE,
      status: 'PENDING',
    };
    const auto = this.options.autoDecide;
    if (auto) {
      const timer = setTimeout(() => void this.decide(payToken, auto.outcome), auto.afterMs);
      timer.unref();
      payment.timers.push(timer);
    }
    return { ok: true, data: payment.data };
  }

  /** The payments waiting for the payer, oldest first (the page lists them). */
  waiting(): OrangeTransactionRecord[] {
    return [...this.payments.values()]
      .filter((payment) => payment.data.status === 'PENDING' && !this.isOverdue(payment))
      .map((payment) => payment.data);
  }

  expiresAt(payToken: string): number | null {
    const payment = this.payments.get(payToken);
    return payment ? payment.createdAt + this.requestLifetimeMs : null;
  }

  /**
   * The payer's answer on the phone (or its silence: 'timeout'): the payment leaves PENDING and the
   * notifUrl is called; resolves once the notification was attempted, true if the payment was
   * waiting (false: unknown, already decided or expired).
   */
  async decide(payToken: string, outcome: EmulatorOutcome): Promise<boolean> {
    const payment = this.payments.get(payToken);
    if (!payment) return false;
    if (this.isOverdue(payment)) this.toExpired(payment);
    if (payment.data.status !== 'PENDING') return false;
    const data = payment.data;
    if (outcome === 'approve') {
      payment.data = {
        ...data,
        confirmtxnstatus: '200',
        confirmtxnmessage: `Successful Payment of ${this.merchantName} from ${data.subscriberMsisdn} CLIENT. Transaction ID:${data.txnid}, Amount:${data.amount}, New balance:${Math.max(0, (this.options.balance ?? 100_000) - (data.amount ?? 0))}.`,
        status: 'SUCCESSFULL',
      };
    } else if (outcome === 'timeout') {
      this.toExpired(payment);
    } else {
      payment.data = {
        ...data,
        confirmtxnstatus: '60019',
        confirmtxnmessage: outcome === 'insufficient_funds' ? INSUFFICIENT : REFUSED,
        status: 'FAILED',
      };
    }
    for (const timer of payment.timers) clearTimeout(timer);
    payment.timers = [];
    await this.notify(data.notifUrl, payment.data);
    return true;
  }

  private async expire(payToken: string) {
    const payment = this.payments.get(payToken);
    if (!payment || (payment.data.status !== 'INITIATED' && payment.data.status !== 'PENDING')) return;
    const notifUrl = payment.data.notifUrl;
    this.toExpired(payment);
    await this.notify(notifUrl, payment.data);
  }

  /** Orange's notification: `POST notifUrl` with `{ payToken, status, message }`, unsigned. */
  private async notify(notifUrl: string | null, data: OrangeTransactionRecord) {
    if (!notifUrl || this.closed) return;
    let url: URL;
    try {
      url = new URL(notifUrl);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    if (this.options.mayNotify && !this.options.mayNotify(url)) return;
    const message =
      data.status === 'SUCCESSFULL'
        ? 'Transaction effectuee avec succes'
        : data.status === 'EXPIRED'
          ? 'Transaction expiree'
          : (data.confirmtxnmessage ?? 'Transaction echouee');
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payToken: data.payToken, status: data.status, message }),
        redirect: 'error',
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
    } catch {
      // Orange does not insist either: the status is read back by the payToken.
    }
  }

  /** Holds a request unanswered until close (fault 'hang'). */
  hang(): Promise<void> {
    return new Promise((resolve) => this.hanging.add(resolve));
  }

  close(): void {
    this.closed = true;
    for (const payToken of [...this.payments.keys()]) this.forget(payToken);
    for (const release of this.hanging) release();
    this.hanging.clear();
  }
}

// ─── HTTP ─────────────────────────────────────────────────────────────────────────────────────

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

function basicCredentials(request: FastifyRequest): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header(request, 'authorization'));
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function invalidCredentials(reply: FastifyReply) {
  return reply.code(401).send({
    code: '900901',
    message: SAYS.invalidCredentials,
    description: 'Invalid Credentials. Make sure you have given the correct access token',
  });
}

/** What the phone shows for one waiting payment: the amount, the masked number, three answers. */
function prompt(emulator: OrangeMoneyEmulator, data: OrangeTransactionRecord, base: string): SafeHtml {
  const msisdn = data.subscriberMsisdn ?? '';
  const e164 = `+237${msisdn.slice(-9)}`;
  const expires = emulator.expiresAt(data.payToken);
  const until = expires
    ? new Date(expires).toLocaleTimeString('fr-FR', { timeZone: 'Africa/Douala', hour: '2-digit', minute: '2-digit' })
    : '';
  const id = `p-${data.payToken}`;
  return html`<li><section class="phone" aria-labelledby="${id}">
<p class="from"><span class="dot" aria-hidden="true"></span>Orange Money</p>
<h2 id="${id}">Paiement de ${formatFcfa(data.amount ?? 0)}</h2>
<p>à <strong>${emulator.merchantName}</strong> depuis le <span class="nowrap">${maskPhone(e164)}</span></p>
<p class="muted">${data.description ?? ''}<br>Réf. ${data.txnmode ?? ''}</p>
<p class="ask">Confirmez-vous ce paiement avec votre code secret Orange Money ?</p>
<form method="post" action="${base}/decisions/${data.payToken}">
<button class="btn ok" type="submit" name="outcome" value="approve">Approuver</button>
<button class="btn" type="submit" name="outcome" value="refuse">Refuser</button>
<button class="btn" type="submit" name="outcome" value="insufficient_funds">Solde insuffisant</button>
</form>
${until ? html`<p class="small">Sans réponse, la demande expire à ${until} (heure de Douala).</p>` : ''}
</section></li>`;
}

const NOTICES: Record<string, string> = {
  approve: 'Paiement approuvé : le marchand en est averti.',
  refuse: 'Paiement refusé : le marchand en est averti.',
  insufficient_funds: 'Solde insuffisant : le paiement a échoué, le marchand en est averti.',
  gone: 'Cette demande n’attend plus de réponse (déjà traitée ou expirée).',
};

export function renderEmulatorPage(emulator: OrangeMoneyEmulator, base: string, done: string | undefined): string {
  const waiting = emulator.waiting();
  const notice = done && NOTICES[done] ? html`<p class="notice" role="status">${NOTICES[done]}</p>` : '';
  const list = waiting.length
    ? html`<ul class="list">${waiting.map((data) => prompt(emulator, data, base))}</ul>`
    : html`<p class="empty">Aucune demande de paiement en attente.</p>`;
  return html`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><link rel="icon" href="data:,"><title>Orange Money — émulateur local</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f2f2f2;color:#111;line-height:1.45}
.bar{background:#000;color:#fff;padding:.75rem 1rem;display:flex;align-items:center;gap:.5rem;font-weight:700}
.logo{display:inline-block;width:1.6rem;height:1.6rem;background:#ff7900;border-radius:.2rem}
.tag{margin-left:auto;font-size:.8rem;font-weight:600;background:#ff7900;color:#000;padding:.15rem .5rem;border-radius:1rem}
main{max-width:30rem;margin:0 auto;padding:1rem}h1{font-size:1.25rem;margin:.5rem 0}
.muted{color:#444}.small{font-size:.85rem;color:#444;margin:.75rem 0 0}.nowrap{white-space:nowrap}
.notice{background:#fff;border-left:.3rem solid #ff7900;padding:.6rem .8rem;font-weight:600}
.list{list-style:none;margin:1rem 0;padding:0;display:grid;gap:1rem}
.phone{background:#fff;border:2px solid #111;border-radius:1.4rem;padding:1.1rem 1rem 1rem;box-shadow:0 .3rem 1rem rgba(0,0,0,.12)}
.phone h2{font-size:1.35rem;margin:.25rem 0 .5rem}.phone p{margin:.35rem 0}
.from{font-weight:700;color:#000;display:flex;align-items:center;gap:.4rem;margin:0}
.dot{width:.8rem;height:.8rem;background:#ff7900;border-radius:50%;display:inline-block}
.ask{font-weight:600;margin-top:.75rem}
form{display:grid;grid-template-columns:1fr 1fr;gap:.5rem;margin-top:.75rem}
.btn{font:inherit;font-weight:700;min-height:2.9rem;border-radius:.5rem;border:2px solid #111;background:#fff;color:#111;cursor:pointer;padding:.4rem .6rem}
.btn.ok{grid-column:1/-1;background:#ff7900;border-color:#ff7900;color:#000}
.btn:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}
.empty{background:#fff;border-radius:.75rem;padding:1rem;text-align:center}
a{color:#0a4fb0}
</style></head>
<body><header class="bar"><span class="logo" aria-hidden="true"></span>Orange Money<span class="tag">Émulateur local</span></header>
<main>
<h1>Demandes de paiement en attente</h1>
<p class="muted">Chaque demande est l’invite qu’afficherait le téléphone du payeur. Aucun argent réel n’est déplacé.</p>
${notice}
${list}
<p><a href="${base}/">Actualiser</a></p>
</main></body></html>`.value;
}

interface PluginOptions {
  emulator?: OrangeMoneyEmulator;
  emulatorOptions?: OrangeMoneyEmulatorOptions;
}

/**
 * The emulator's routes, under the prefix it is registered with (`/emulateurs/orange-money` in
 * the app). Not wrapped with fastify-plugin: its body parsers stay inside.
 */
export async function orangeMoneyEmulatorPlugin(app: FastifyInstance, options: PluginOptions) {
  const emulator = options.emulator ?? new OrangeMoneyEmulator(options.emulatorOptions);
  app.addHook('onClose', async () => emulator.close());
  const base = app.prefix;
  // Orange's API and the emulator's page, not ours: left out of the API docs.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  // Orange's token call and the page's forms are form-encoded; mp/init may come with an empty body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  /** The faults tests ask for, on the API routes only (the page stays usable). */
  const faults = (route: EmulatorRoute) => async (_request: FastifyRequest, reply: FastifyReply) => {
    const fault = emulator.fault;
    if (!fault || (fault.route !== null && fault.route !== route)) return;
    if (fault.mode === 'error') {
      return reply
        .code(500)
        .type('application/xml')
        .send(
          '<am:fault xmlns:am="http://wso2.org/apimanager"><am:code>101504</am:code><am:type>Status report</am:type><am:message>Runtime Error</am:message><am:description>Send timeout</am:description></am:fault>',
        );
    }
    if (fault.mode === 'hang') {
      await emulator.hang();
      return reply.code(503).send({ message: SAYS.unavailable });
    }
  };

  /** Bearer token and X-AUTH-TOKEN, as every mp call needs. */
  const authorized = async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization'))?.[1];
    if (!bearer || !emulator.tokenValid(bearer) || !same(header(request, 'x-auth-token'), emulator.credentials.authToken)) {
      return invalidCredentials(reply);
    }
  };

  app.post('/token', { config: { access: 'public' }, onRequest: faults('token') }, async (request, reply) => {
    const given = basicCredentials(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const valid =
      given !== null &&
      same(given.username, emulator.credentials.username) &&
      same(given.password, emulator.credentials.password);
    if (!valid) return reply.code(401).send({ error_description: 'Client Authentication failed.', error: 'invalid_client' });
    if (body.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error_description: 'Unsupported grant_type value', error: 'unsupported_grant_type' });
    }
    return reply.code(200).send(emulator.issueToken());
  });

  app.post(
    `${ORANGE_MP_PATH}/init`,
    { config: { access: 'public' }, onRequest: faults('mp/init'), preHandler: authorized },
    async (_request, reply) => {
      return reply.code(200).send({ message: SAYS.initiated, data: { payToken: emulator.init() } });
    },
  );

  app.post(
    `${ORANGE_MP_PATH}/pay`,
    { config: { access: 'public' }, onRequest: faults('mp/pay'), preHandler: authorized },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
      const payToken = field('payToken');
      const amount = field('amount');
      const subscriber = field('subscriberMsisdn');
      const notifUrl = field('notifUrl');
      const orderId = field('orderId');
      const description = field('description');
      const problems = [
        !/^\d{1,9}$/.test(amount) || Number(amount) <= 0 ? 'amount' : null,
        !/^(237)?6\d{8}$/.test(subscriber) ? 'subscriberMsisdn' : null,
        !/^https?:\/\/\S+$/.test(notifUrl) ? 'notifUrl' : null,
        !orderId || orderId.length > 64 ? 'orderId' : null,
        description.length > 255 ? 'description' : null,
      ].filter(Boolean);
      if (problems.length > 0) return reply.code(400).send({ message: `Invalid request: ${problems.join(', ')}` });
      const known = emulator.get(payToken);
      if (!known) return reply.code(404).send({ message: 'payToken not found' });
      if (known.status !== 'INITIATED') return reply.code(400).send({ message: `payToken already used (${known.status})` });
      if (
        !same(field('channelUserMsisdn'), emulator.credentials.channelMsisdn) ||
        !same(typeof body.pin === 'string' ? body.pin : '', emulator.credentials.pin)
      ) {
        return reply.code(417).send({ message: SAYS.merchantRefused, data: known });
      }
      const result = emulator.pay(payToken, {
        subscriberMsisdn: subscriber.slice(-9),
        amount: Number(amount),
        orderId,
        description,
        notifUrl,
      });
      if (!result.ok) return reply.code(417).send({ message: `60019 :: ${INSUFFICIENT}`, data: result.data });
      return reply.code(200).send({ message: SAYS.payInitiated, data: result.data });
    },
  );

  app.get<{ Params: { payToken: string } }>(
    `${ORANGE_MP_PATH}/paymentstatus/:payToken`,
    { config: { access: 'public' }, onRequest: faults('mp/paymentstatus'), preHandler: authorized },
    async (request, reply) => {
      const data = emulator.get(request.params.payToken);
      if (!data) return reply.code(404).send({ message: SAYS.notFound });
      return reply.code(200).send({ message: SAYS.retrieved, data });
    },
  );

  app.get<{ Params: { payToken: string } }>(
    `${ORANGE_MP_PATH}/push/:payToken`,
    { config: { access: 'public' }, onRequest: faults('mp/push'), preHandler: authorized },
    async (request, reply) => {
      const data = emulator.get(request.params.payToken);
      if (!data) return reply.code(404).send({ message: SAYS.notFound });
      if (data.status !== 'PENDING') return reply.code(400).send({ message: `Transaction is ${data.status}`, data });
      return reply.code(200).send({ message: SAYS.pushed, data });
    },
  );

  const sendPage = (reply: FastifyReply, done: string | undefined) =>
    reply
      .code(200)
      .type(HTML_TYPE)
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(renderEmulatorPage(emulator, base, done));

  app.get<{ Querystring: { fait?: string } }>('/', { config: { access: 'public' } }, async (request, reply) =>
    sendPage(reply, typeof request.query.fait === 'string' ? request.query.fait : undefined),
  );

  // The phone's three answers, posted as a plain form; then back to the page (303).
  app.post<{ Params: { payToken: string } }>('/decisions/:payToken', { config: { access: 'public' } }, async (request, reply) => {
    const outcome = ((request.body ?? {}) as Record<string, unknown>).outcome;
    if (outcome !== 'approve' && outcome !== 'refuse' && outcome !== 'insufficient_funds') {
      return reply.code(400).type(HTML_TYPE).header('content-security-policy', PAGE_CSP).send('Réponse inconnue');
    }
    const decided = await emulator.decide(request.params.payToken, outcome);
    return reply.redirect(`${base}/?fait=${decided ? outcome : 'gone'}`, 303);
  });
}

export interface OrangeMoneyEmulatorHandle {
  /** The base URL to give the adapter (`http://127.0.0.1:PORT`). */
  url: string;
  emulator: OrangeMoneyEmulator;
  /** Decides a waiting payment by its payToken, as the payer would on the phone. */
  decide(providerReference: string, outcome: EmulatorOutcome): Promise<boolean>;
  /** Makes the API routes (or one of them) hang or answer 500; null: normal again. */
  fail(mode: 'hang' | 'error' | null, route?: EmulatorRoute): void;
  close(): Promise<void>;
}

/** The emulator on its own listening server (port 0: a free one), for tests. */
export async function startOrangeMoneyEmulator(
  options: OrangeMoneyEmulatorOptions & { port?: number } = {},
): Promise<OrangeMoneyEmulatorHandle> {
  const emulator = new OrangeMoneyEmulator(options);
  const app = Fastify({ logger: false, forceCloseConnections: true, routerOptions: { ignoreTrailingSlash: true } });
  await app.register(orangeMoneyEmulatorPlugin, { emulator });
  const url = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return {
    url,
    emulator,
    decide: (providerReference, outcome) => emulator.decide(providerReference, outcome),
    fail: (mode, route) => {
      emulator.fault = mode ? { mode, route: route ?? null } : null;
    },
    close: async () => {
      await app.close();
    },
  };
}
