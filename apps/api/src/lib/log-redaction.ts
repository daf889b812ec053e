import { stdSerializers } from 'pino';

/**
 * What the log never holds (decision 008): bearer tokens, cookies, passwords, hashes, one-time
 * codes, whatever object they sit in. Fastify's pino removes these keys before writing.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.tokenHash',
  '*.otp',
  '*.codeHash',
  '*.params',
  'err.cause.params',
];

/**
 * Query parameters whose values are secrets or personal codes: a private event's share token
 * (`t`, `shareToken`), a referral code (`ref`), a reset link's token (`reset`) and any token or one-time code.
 */
const SECRET_QUERY_NAMES = new Set(['t', 'sharetoken', 'ref', 'token', 'code', 'otp', 'reset']);

function queryName(part: string): string {
  const raw = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * A request URL as the log may hold it: the path and the query, the values of secret parameters
 * replaced by `[masqué]` (`/evenements/x-1a2b?t=[masqué]&page=2`), and a payment callback's token
 * (`/api/payments/callbacks/mtn/[masqué]`).
 */
export function redactUrl(raw: string): string {
  // A payment's callback address ends with its unguessable token (decision 052).
  const url = raw.replace(/^(\/api\/payments\/callbacks\/[^/?]*\/)[^/?]+/, '$1[masqué]');
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => (SECRET_QUERY_NAMES.has(queryName(part)) ? `${part.split('=', 1)[0]}=[masqué]` : part))
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/** A query error's message carries the SQL parameters (a password hash, an e-mail): keep only the SQL. */
function withoutParameters(message: string): string {
  return message.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [masqués]');
}

/**
 * Errors as pino writes them, minus the query parameters that Drizzle puts in `params` and in
 * the message, at any depth of `cause`.
 */
export function serializeError(error: Error): { type: string; message: string; stack: string } {
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown> & {
    type: string;
    message: string;
    stack: string;
  };
  const clean = (node: Record<string, unknown> | undefined, depth: number) => {
    if (!node || depth > 5) return;
    if (typeof node.message === 'string') node.message = withoutParameters(node.message);
    if (typeof node.stack === 'string') node.stack = withoutParameters(node.stack);
    if ('params' in node) node.params = '[masqués]';
    if ('parameters' in node) node.parameters = '[masqués]';
    clean(node.cause as Record<string, unknown> | undefined, depth + 1);
  };
  clean(serialized, 0);
  return serialized;
}

/** A one-time code: six digits standing alone (OTP_LENGTH). */
const ONE_TIME_CODE = /(?<!\d)\d{6}(?!\d)/g;
/** An address with a scheme (`https://…`, `smtp://user:pass@…`) inside a text. */
const ADDRESS_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
/** An Authorization value written out. */
const CREDENTIALS = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/**
 * A text the team may read without learning a secret (the outbox's previews and errors, decision
 * 066): one-time codes hidden (`••••••`), the secret query values of its addresses masked as in
 * the log (`?reset=[masqué]`, `?t=[masqué]`), an address's user and password and any written
 * `Bearer …` or `Basic …` masked.
 */
export function redactText(text: string): string {
  return text
    .replace(ADDRESS_IN_TEXT, (address) => redactUrl(address.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/i, '$1[masqué]@')))
    .replace(CREDENTIALS, '$1 [masqué]')
    .replace(ONE_TIME_CODE, '••••••');
}
