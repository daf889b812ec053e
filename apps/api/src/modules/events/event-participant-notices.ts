import { quietHoursEnd, type UserNotificationKind } from '@app/shared/notification-kinds';
import type { UserNotificationData } from '@app/shared/user-notifications';
import type { Executor } from '../../db/client';
import { frenchDateTime } from '../public-pages/format';
import { notifyParticipants, queueToParticipants } from '../user-notifications/user-notifications.writes';
import { participantPagePath } from './event-paths';
import type { EventRow } from './events.repository';

/*
 * Participants are told when the event they joined is cancelled, or moves to another date or
 * place (the first notifications of issue 29, decision 059): an e-mail to each participant who has
 * an address, with the page; an SMS as well when the event was, or now is, to start within 48
 * hours (it cannot wait for the mail to be read); and a notification in the app (decision 060).
 * Queued in the outbox in the write's own
 * transaction, by one statement per channel whatever the number of participants; the outbox's
 * loop sends them, with its retries. Never to a blocked account; plain text only.
 */

/** Closer than this to its start, a notice also goes by SMS. */
export const NOTICE_SMS_WITHIN_MS = 48 * 3_600_000;
/** An SMS beyond this is split in several by the operator (and billed so): the text is cut. */
const SMS_MAX_CHARS = 300;

type NoticeEvent = Pick<EventRow, 'id' | 'title' | 'shortId' | 'startDateTime' | 'address' | 'city' | 'isPublic' | 'shareToken'>;

interface Notice {
  subject: string;
  text: string;
  sms: string | null;
  inApp: { kind: UserNotificationKind; data: UserNotificationData };
}

/** The event's page, with its share link when private: the participants may open it. */
const pageOf = (event: NoticeEvent, publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${participantPagePath(event)}`;
const facts = (event: NoticeEvent): UserNotificationData => ({
  eventTitle: event.title,
  startDateTime: event.startDateTime.toISOString(),
  address: event.address,
  city: event.city,
});
const cut = (text: string) => (text.length > SMS_MAX_CHARS ? `${text.slice(0, SMS_MAX_CHARS - 1)}…` : text);
const soon = (at: Date, now: Date) => at.getTime() - now.getTime() <= NOTICE_SMS_WITHIN_MS;
/** The e-mails' last line (French: what participants read, not an answer of the API). */
const noticeFooter = 'Vous recevez ce message parce que vous participez à cet événement.';

export function cancellationNotice(event: NoticeEvent, message: string | null, publicUrl: string, now = new Date()): Notice {
  return {
    subject: `Événement annulé : ${event.title}`,
    text: [
      'Bonjour,',
      '',
      `L’événement « ${event.title} » prévu le ${frenchDateTime(event.startDateTime)} à ${event.city} est annulé.`,
      ...(message ? ['', 'Message de l’organisateur :', message] : []),
      '',
      `Sa page : ${pageOf(event, publicUrl)}`,
      '',
      noticeFooter,
    ].join('\n'),
    sms: soon(event.startDateTime, now)
      ? cut(`Annulé : « ${event.title} » du ${frenchDateTime(event.startDateTime)}.${message ? ` ${message}` : ''}`)
      : null,
    inApp: { kind: 'event_cancelled', data: { ...facts(event), message } },
  };
}

/** The notice of a move (new date or place), or null when neither changed. */
export function moveNotice(before: NoticeEvent, after: NoticeEvent, publicUrl: string, now = new Date()): Notice | null {
  // To the minute, as people read a time: a form that drops the seconds moves nothing.
  const moved = Math.floor(before.startDateTime.getTime() / 60_000) !== Math.floor(after.startDateTime.getTime() / 60_000);
  const relocated = before.address !== after.address || before.city !== after.city;
  if (!moved && !relocated) return null;
  const when = frenchDateTime(after.startDateTime);
  const where = `${after.address}, ${after.city}`;
  return {
    subject: `Événement modifié : ${after.title}`,
    text: [
      'Bonjour,',
      '',
      `L’événement « ${after.title} » a changé :`,
      ...(moved ? [`- date : ${when} (au lieu du ${frenchDateTime(before.startDateTime)})`] : []),
      ...(relocated ? [`- lieu : ${where} (au lieu de ${before.address}, ${before.city})`] : []),
      '',
      `Sa page : ${pageOf(after, publicUrl)}`,
      '',
      noticeFooter,
    ].join('\n'),
    sms:
      soon(before.startDateTime, now) || soon(after.startDateTime, now)
        ? cut(`Changement : « ${after.title} »${moved ? ` le ${when}` : ''}${relocated ? ` à ${where}` : ''}.`)
        : null,
    inApp: {
      kind: 'event_moved',
      data: {
        ...facts(after),
        // The same minute is no move: the sentence then names the place only.
        previousStartDateTime: (moved ? before : after).startDateTime.toISOString(),
        previousAddress: before.address,
        previousCity: before.city,
      },
    },
  };
}

/**
 * Queues a notice to every participant of the event (not blocked), in the caller's transaction:
 * the app's notification always; the e-mail and the SMS to those who did not turn them off
 * (decision 061), unless `messages` is false (the team's 'notifyOnEventUpdate' off for a move);
 * never to `except` (who made the change, when they joined their own event). An SMS in the quiet
 * hours waits for 07:00 Douala time, except a cancellation's.
 */
export async function queueParticipantNotice(
  tx: Executor,
  eventId: string,
  notice: Notice,
  { messages = true, now = new Date(), except = null }: { messages?: boolean; now?: Date; except?: string | null } = {},
): Promise<void> {
  const { kind } = notice.inApp;
  await notifyParticipants(tx, { eventId, kind, data: notice.inApp.data, except, now });
  if (!messages) return;
  await queueToParticipants(tx, { eventId, kind, channel: 'email', subject: notice.subject, text: notice.text, except });
  if (!notice.sms) return;
  // Held to 07:00 in the quiet hours, unless that is too late: a cancellation, or an event now starting before.
  const quietEnd = kind === 'event_cancelled' ? null : quietHoursEnd(now);
  const start = notice.inApp.data.startDateTime ? new Date(notice.inApp.data.startDateTime) : null;
  const sendAt = quietEnd && (!start || quietEnd < start) ? quietEnd : now;
  await queueToParticipants(tx, { eventId, kind, channel: 'sms', subject: '', text: notice.sms, except, sendAt });
}
