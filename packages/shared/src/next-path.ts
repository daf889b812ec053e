/**
 * Where a sign-in leads back to (decision 026): `/GetStarted?next=<path>`. Only a path of this
 * site is ever followed, never another site's address (no open redirect).
 */

/** The sign-in page of the web app. */
export const SIGN_IN_PATH = '/GetStarted';

/** The query parameter that carries the page to return to. */
export const NEXT_PARAM = 'next';

/** Longer than any page address of this site (an event address with its share token and a fragment). */
export const NEXT_MAX_LENGTH = 512;

/** Pages a sign-in never leads back to: the sign-in page itself (a loop) and the JSON API. */
const NEVER = [/^\/getstarted(?:[/?#]|$)/i, /^\/auth\/get-started(?:[/?#]|$)/i, /^\/api(?:[/?#]|$)/i];

const BASE = 'https://next.invalid';

/** Decodes percent-escapes until nothing changes (at most 3 rounds); null when it is not valid UTF-8. */
function decoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** A path that starts with one slash and nothing a browser could read as another host. */
function looksLocal(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    // A backslash is a slash to browsers (`/\evil.example` is `//evil.example`).
    !path.includes('\\') &&
    // Tabs and line breaks are dropped by URL parsers (`/\t/evil.example`); no control or space character at all.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    !/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(path)
  );
}

/**
 * `next` when it is a path of this site to return to after signing in, normalised
 * (`/evenements/x?t=…#participer`); null otherwise: anything that is not a string, longer than
 * NEXT_MAX_LENGTH, an absolute or scheme address (`https://…`, `javascript:…`), a
 * protocol-relative one (`//host`, `/\host`, `\\host`), one with control characters or spaces, the
 * same once percent-decoded (`/%2F%2Fhost`, `%2F%2Fhost`, `/%5Chost`), the sign-in page itself, or
 * the API.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_MAX_LENGTH) return null;
  if (!looksLocal(value)) return null;
  const plain = decoded(value);
  if (plain === null || !looksLocal(plain)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!looksLocal(path) || NEVER.some((pattern) => pattern.test(path) || pattern.test(plain))) return null;
  return path;
}

/** `/GetStarted?next=<path>` when `next` is a safe path of this site, else `/GetStarted`. */
export function signInPath(next?: string | null): string {
  const safe = safeNextPath(next);
  return safe ? `${SIGN_IN_PATH}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : SIGN_IN_PATH;
}
