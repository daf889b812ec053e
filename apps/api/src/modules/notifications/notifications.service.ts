import type { FastifyBaseLogger } from 'fastify';
import { phoneCountry } from '@app/shared/phone';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PushSender } from '../push/push.sender';
import {
  claimDueMessages,
  insertMessage,
  markAttemptFailed,
  markSent,
  type OutboundMessageRow,
} from './notifications.repository';
import {
  type EmailMessage,
  type EmailTransport,
  emailTransportFromConfig,
  type SmsMessage,
  type SmsProvider,
  smsProviderFromConfig,
} from './notifications.transports';
import { NO_PUSH_SENDER, SMS_COUNTRY_REFUSED } from './outbox-text';

export type { EmailMessage, SmsMessage } from './notifications.transports';

export interface DeliveryResult {
  /** The `outbound_messages` row. */
  id: string;
  /** `sent` when the first attempt succeeded; `pending` when it failed and will be retried. */
  status: 'sent' | 'pending' | 'failed';
  error?: string;
}

export interface NotificationOptions {
  email?: EmailTransport;
  sms?: SmsProvider;
  /** Sends the pushes (decision 062); without it a push fails at once. */
  push?: PushSender;
  /** Attempts before a message is marked `failed` (it stays in the table). */
  maxAttempts?: number;
  /**
   * The countries SMS may go to (`settings.security.smsCountries`), read before every SMS attempt:
   * an SMS to another country is never sent, whatever asked for it (issue 24, item 13).
   */
  smsCountries?: () => Promise<readonly string[]>;
}

/** Delay before the next attempt: 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

const LEASE_MS = 120_000;

interface MessageValues {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The outbox row of an e-mail. */
function emailValues(message: EmailMessage): MessageValues {
  return { channel: 'email', recipient: message.to, subject: message.subject, text: message.text, html: message.html ?? null };
}

/** The outbox row of an SMS (no subject, no HTML). */
function smsValues(message: SmsMessage): MessageValues {
  return { channel: 'sms', recipient: message.to, subject: '', text: message.text, html: null };
}

/**
 * E-mail, SMS and push delivery through the outbox (decisions 018, 062). Every message is first stored in
 * `outbound_messages`; when a send fails it stays pending and the retry loop sends it again later.
 * `sendEmail` / `sendSms` wait for the first attempt (for a caller that answers differently when
 * it fails, e.g. the SMS-delayed notice); `queueEmail` / `queueSms` answer once the message is
 * stored and make the first attempt after, outside the request.
 */
export class NotificationService {
  readonly email: EmailTransport;
  readonly sms: SmsProvider;
  private readonly push: PushSender | undefined;
  private readonly maxAttempts: number;
  private readonly smsCountries: (() => Promise<readonly string[]>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /** First attempts of queued messages, still under way (stop() waits for them). */
  private readonly queued = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    config: Config,
    private readonly log: FastifyBaseLogger,
    options: NotificationOptions = {},
  ) {
    // The file only: a subject or a text may carry a one-time code, a recipient is a contact.
    this.email = options.email ?? emailTransportFromConfig(config, (file) => log.info({ file }, 'e-mail written to the outbox'));
    this.sms = options.sms ?? smsProviderFromConfig(config, (file) => log.info({ file }, 'SMS written to the outbox'));
    this.push = options.push;
    this.maxAttempts = options.maxAttempts ?? 20;
    this.smsCountries = options.smsCountries;
  }

  sendEmail(message: EmailMessage): Promise<DeliveryResult> {
    return this.enqueue(emailValues(message));
  }

  /** Stores the e-mail in the outbox and answers; the first attempt runs after, then the retry loop. */
  queueEmail(message: EmailMessage): Promise<{ id: string }> {
    return this.queue(emailValues(message));
  }

  sendSms(message: SmsMessage): Promise<DeliveryResult> {
    return this.enqueue(smsValues(message));
  }

  /** Stores the SMS in the outbox and answers; the first attempt runs after, then the retry loop. */
  queueSms(message: SmsMessage): Promise<{ id: string }> {
    return this.queue(smsValues(message));
  }

  /** Sends the pending messages that are due; answers how many were sent. */
  async processDue(limit = 20): Promise<number> {
    const rows = await claimDueMessages(this.db, limit, LEASE_MS);
    let sent = 0;
    for (const row of rows) {
      const result = await this.attempt(row);
      if (result.status === 'sent') sent += 1;
    }
    return sent;
  }

  /** Starts the retry loop (one tick every `intervalMs`). */
  start(intervalMs = 15_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running = this.running
        .then(() => this.processDue())
        .catch((error: unknown) => this.log.warn({ err: error }, 'outbound message retry failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the loop and waits for the tick under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running.catch(() => {});
    await Promise.allSettled([...this.queued]);
    this.email.close?.();
  }

  private async enqueue(values: MessageValues): Promise<DeliveryResult> {
    return this.attempt(await this.store(values));
  }

  /** Stores the message and answers; its first attempt runs in the background (stop() waits for it). */
  private async queue(values: MessageValues): Promise<{ id: string }> {
    const row = await this.store(values);
    const attempt = this.attempt(row)
      .catch((error: unknown) => this.log.warn({ err: error, messageId: row.id }, 'queued message: first attempt failed'))
      .finally(() => this.queued.delete(attempt));
    this.queued.add(attempt);
    return { id: row.id };
  }

  private store(values: MessageValues): Promise<OutboundMessageRow> {
    // Held for the first attempt so the retry loop does not pick it up at the same time.
    return insertMessage(this.db, { ...values, nextAttemptAt: new Date(Date.now() + LEASE_MS) });
  }

  /** Whether an SMS may go to this number now (no `smsCountries` reader: every number). */
  private async smsAllowed(to: string): Promise<boolean> {
    if (!this.smsCountries) return true;
    const country = phoneCountry(to);
    return country !== null && (await this.smsCountries()).includes(country);
  }

  private async attempt(row: OutboundMessageRow): Promise<DeliveryResult> {
    const attempts = row.attempts + 1;
    if (row.channel === 'sms' && !(await this.smsAllowed(row.recipient))) {
      // Final: the message stays in the table as failed, and nothing goes to the provider.
      await markAttemptFailed(this.db, row.id, {
        attempts,
        lastError: SMS_COUNTRY_REFUSED,
        nextAttemptAt: new Date(),
        failed: true,
      });
      this.log.warn({ channel: row.channel, messageId: row.id }, 'SMS not sent: number outside the allowed SMS countries');
      return { id: row.id, status: 'failed', error: SMS_COUNTRY_REFUSED };
    }
    try {
      if (row.channel === 'push') return await this.attemptPush(row, attempts);
      if (row.channel === 'email') {
        await this.email.send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html ?? undefined });
      } else {
        await this.sms.send({ to: row.recipient, text: row.text });
      }
      await markSent(this.db, row.id, attempts);
      return { id: row.id, status: 'sent' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = attempts >= this.maxAttempts;
      await markAttemptFailed(this.db, row.id, {
        attempts,
        lastError: message,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        failed,
      });
      this.log.warn({ channel: row.channel, messageId: row.id, attempts, err: message }, 'message not sent; will retry');
      return { id: row.id, status: failed ? 'failed' : 'pending', error: message };
    }
  }

  /** A push (decision 062): sent, refused for good (setting off, device gone: failed, no retry), or thrown to retry. */
  private async attemptPush(row: OutboundMessageRow, attempts: number): Promise<DeliveryResult> {
    const outcome = this.push ? await this.push.send(row) : { sent: false as const, finalError: NO_PUSH_SENDER };
    if (outcome.sent) {
      await markSent(this.db, row.id, attempts);
      return { id: row.id, status: 'sent' };
    }
    await markAttemptFailed(this.db, row.id, {
      attempts,
      lastError: outcome.finalError,
      nextAttemptAt: new Date(),
      failed: true,
    });
    this.log.info({ channel: row.channel, messageId: row.id, err: outcome.finalError }, 'push not sent, for good');
    return { id: row.id, status: 'failed', error: outcome.finalError };
  }
}
