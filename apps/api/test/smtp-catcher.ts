import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as received by the catcher, decoded enough for tests. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded ('' when absent). */
  html: string;
  raw: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  messages: CaughtMail[];
  /** The first message (already received or yet to come) matching the predicate. */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** The 6-digit code of the latest message sent to `to` (waits for it). */
  waitForCode(to: string, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  /** While true, every message is refused with a temporary error (to test retries). */
  setRefusing(refusing: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port (no TLS, no auth) that keeps every message in memory. */
export async function startSmtpCatcher(options: { port?: number; host?: string } = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          const error = new Error('Service temporairement indisponible') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        messages.push({
          ...parsed,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;

  const waitFor = (predicate: (mail: CaughtMail) => boolean, timeoutMs = 10_000) =>
    new Promise<CaughtMail>((resolve, reject) => {
      const check = () => {
        const found = messages.find(predicate);
        if (!found) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = () => {
        check();
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      waiters.add(wake);
      check();
    });

  return {
    url: `smtp://${host}:${port}`,
    port,
    messages,
    waitFor,
    async waitForCode(to, { after = 0, timeoutMs = 10_000 } = {}) {
      const address = to.toLowerCase();
      const mail = await waitFor(
        (m) => messages.indexOf(m) >= after && m.to.includes(address) && /\b\d{6}\b/.test(m.subject),
        timeoutMs,
      );
      const later = messages.filter((m, i) => i >= after && m.to.includes(address) && /\b\d{6}\b/.test(m.subject));
      const latest = later[later.length - 1] ?? mail;
      return (latest.subject.match(/\b(\d{6})\b/) as RegExpMatchArray)[1] as string;
    },
    setRefusing(value) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHeadersAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): Buffer {
  const soft = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i] as string;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

function parseMail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHeadersAndBody(raw);
  const subject = decodeHeader(headers.get('subject') ?? '');
  const parts = { text: '', html: '' };
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = (partHeaders.get('content-type') ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(partHeaders.get('content-type') ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const inner = splitHeadersAndBody(chunk.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders.get('content-transfer-encoding'));
    if (type.startsWith('text/html')) parts.html ||= decoded;
    else if (type.startsWith('text/plain')) parts.text ||= decoded;
  };
  visit(headers, body);
  return { subject, ...parts };
}
