import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { frenchDateTime } from '../public-pages/format';
import { eventPublicPath } from './event-paths';
import type { EventRow } from './events.repository';

/*
 * Participants are told when their event is cancelled (the first of issue 29's notifications):
 * an e-mail to each participant who has an address, with the organiser's message and the page;
 * an SMS as well when the event was to start within 48 hours (it cannot wait for the mail to be
 * read). Queued in the outbox in the cancellation's own transaction, by one statement per
 * channel whatever the number of participants; the outbox's loop sends them, with its retries.
 */

/** Closer than this to its start, a cancellation also goes by SMS. */
export const CANCELLATION_SMS_WITHIN_MS = 48 * 3_600_000;
/** An SMS beyond this is split in several by the operator (and billed so): the message is cut. */
const SMS_MAX_CHARS = 300;

export function cancellationEmail(
  event: Pick<EventRow, 'title' | 'shortId' | 'startDateTime' | 'city'>,
  message: string | null,
  publicUrl: string,
): { subject: string; text: string } {
  const page = `${publicUrl.replace(/\/+$/, '')}${eventPublicPath(event)}`;
  return {
    subject: `Événement annulé : ${event.title}`,
    text: [
      'Bonjour,',
      '',
      `L’événement « ${event.title} » prévu le ${frenchDateTime(event.startDateTime)} à ${event.city} est annulé.`,
      ...(message ? ['', 'Message de l’organisateur :', message] : []),
      '',
      `Sa page : ${page}`,
      '',
      'Vous recevez ce message parce que vous participiez à cet événement.',
    ].join('\n'),
  };
}

export function cancellationSms(event: Pick<EventRow, 'title' | 'startDateTime'>, message: string | null): string {
  const text = `Annulé : « ${event.title} » du ${frenchDateTime(event.startDateTime)}.${message ? ` ${message}` : ''}`;
  return text.length > SMS_MAX_CHARS ? `${text.slice(0, SMS_MAX_CHARS - 1)}…` : text;
}

/** Queues the notices of a cancellation to every participant (not blocked), in the caller's transaction. */
export async function queueCancellationNotices(
  tx: Executor,
  event: Pick<EventRow, 'id' | 'title' | 'shortId' | 'startDateTime' | 'city'>,
  message: string | null,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const email = cancellationEmail(event, message, publicUrl);
  await tx.execute(sql`
    insert into outbound_messages (channel, recipient, subject, text)
    select 'email', u.email, ${email.subject}, ${email.text}
    from event_participations p join users u on u.id = p.user_id
    where p.event_id = ${event.id} and u.email is not null and not u.is_blocked`);
  if (event.startDateTime.getTime() - now.getTime() > CANCELLATION_SMS_WITHIN_MS) return;
  await tx.execute(sql`
    insert into outbound_messages (channel, recipient, subject, text)
    select 'sms', u.phone, '', ${cancellationSms(event, message)}
    from event_participations p join users u on u.id = p.user_id
    where p.event_id = ${event.id} and u.phone is not null and not u.is_blocked`);
}
