import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
}

/** Sends one e-mail or throws. */
export interface EmailTransport {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
  close?(): void;
}

/** Sends one SMS or throws; a small interface so another provider is one class. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

const SEND_TIMEOUT_MS = 10_000;

/** Writes each message as a JSON file in DATA_DIR/outbox/ (the default without a provider). */
export async function writeOutboxFile(
  dataDir: string,
  channel: 'email' | 'sms',
  content: Record<string, unknown>,
): Promise<string> {
  const folder = path.join(dataDir, 'outbox');
  await fs.mkdir(folder, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(folder, `${stamp}-${channel}-${randomUUID().slice(0, 8)}.json`);
  await fs.writeFile(file, `${JSON.stringify({ channel, ...content, createdAt: new Date().toISOString() }, null, 2)}\n`);
  return file;
}

export class SmtpEmailTransport implements EmailTransport {
  readonly name = 'smtp';
  private readonly transporter: nodemailer.Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url, {
      // Short: a send happens inside a request; a slow server leaves the message to the retry loop.
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: SEND_TIMEOUT_MS,
    });
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transporter.close();
  }
}

export class OutboxEmailTransport implements EmailTransport {
  readonly name = 'outbox';
  constructor(
    private readonly dataDir: string,
    private readonly onWrite: (file: string, message: EmailMessage) => void = () => {},
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const file = await writeOutboxFile(this.dataDir, 'email', { ...message });
    this.onWrite(file, message);
  }
}

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly dataDir: string,
    private readonly onWrite: (file: string, message: SmsMessage) => void = () => {},
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const file = await writeOutboxFile(this.dataDir, 'sms', { ...message });
    this.onWrite(file, message);
  }
}

/**
 * A generic HTTP SMS gateway (as offered by the aggregators that reach Cameroonian numbers):
 * `POST SMS_HTTP_URL` with `Authorization: Bearer SMS_HTTP_TOKEN` and the JSON body
 * `{ from, to, text }`, `to` in E.164. Any status other than 2xx is a failure.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly sender: string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ from: this.sender, to: message.to, text: message.text }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    await response.body?.cancel().catch(() => {});
  }
}

export function emailTransportFromConfig(config: Config, onOutbox?: (file: string, m: EmailMessage) => void): EmailTransport {
  return config.SMTP_URL
    ? new SmtpEmailTransport(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxEmailTransport(config.DATA_DIR, onOutbox);
}

export function smsProviderFromConfig(config: Config, onOutbox?: (file: string, m: SmsMessage) => void): SmsProvider {
  if (config.SMS_PROVIDER === 'http') {
    if (!config.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return new HttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN, config.SMS_SENDER);
  }
  return new OutboxSmsProvider(config.DATA_DIR, onOutbox);
}
