import type { EventDetail } from '@app/shared/events';

/**
 * The pure rules of the organiser's event hub (`/mon-compte/evenements/:id`, issue 27 item 3,
 * decision 043): where the event stands, what may be done with it, and the addresses it is shared
 * by. No React, no zod: the screen and its unit tests both read them.
 */

/** Most characters of the message to the participants when cancelling (decision 038's `CANCELLATION_MESSAGE_MAX`). */
export const CANCEL_MESSAGE_MAX = 500;

/** What the hub's status badge says, in the order of 'Mes évènements'' tabs plus 'Refusé'. */
export type HubStatus = 'draft' | 'pending' | 'refused' | 'published' | 'past' | 'cancelled';

type HubEvent = Pick<EventDetail, 'status' | 'endDateTime' | 'approvalState'>;

function ended(event: Pick<EventDetail, 'endDateTime'>, now: Date): boolean {
  return new Date(event.endDateTime).getTime() < now.getTime();
}

/**
 * Where the event stands: a cancelled event is 'cancelled' whatever its dates; a published one is
 * 'past' once it has ended (the tabs' rule, decision 037); a draft is 'pending' while the team has
 * not answered its submission, 'refused' when they refused it since, else a plain 'draft'.
 */
export function hubStatus(event: HubEvent, now: Date = new Date()): HubStatus {
  if (event.status === 'cancelled') return 'cancelled';
  if (event.status === 'published') return ended(event, now) ? 'past' : 'published';
  if (event.approvalState === 'submitted') return 'pending';
  if (event.approvalState === 'refused') return 'refused';
  return 'draft';
}

export interface HubActions {
  /** 'Publier' (or, with approval required, its submission): a draft not already waiting, not ended. */
  publish: boolean;
  /** 'Annuler l'évènement': a published event that has not ended. */
  cancel: boolean;
  /** 'Modifier': anything but a cancelled event (as on the list's cards). */
  edit: boolean;
}

export function hubActions(event: HubEvent, now: Date = new Date()): HubActions {
  const status = hubStatus(event, now);
  return {
    publish: (status === 'draft' || status === 'refused') && !ended(event, now),
    cancel: status === 'published',
    edit: status !== 'cancelled',
  };
}

type Addressed = Pick<EventDetail, 'isPublic' | 'publicPath' | 'shareUrl'>;

/**
 * The public page's whole address on the server's PUBLIC_URL: the share link without its token
 * (the API writes both from PUBLIC_URL), else this page's origin with the public path.
 */
export function publicAddress(event: Addressed, origin: string): string {
  if (event.shareUrl) {
    const url = new URL(event.shareUrl);
    return `${url.origin}${url.pathname}`;
  }
  return `${origin.replace(/\/+$/, '')}${event.publicPath}`;
}

/**
 * The address people are sent to: the public page, or for a private event its share link (the
 * only address that opens it).
 */
export function sharedAddress(event: Addressed, origin: string): string {
  if (!event.isPublic && event.shareUrl) return event.shareUrl;
  return publicAddress(event, origin);
}

/** The address with `src=…` added (the statistics' source of the visit, decision 040). */
export function withSource(address: string, source: string): string {
  const url = new URL(address);
  url.searchParams.set('src', source);
  return url.toString();
}

/** 'Partager sur WhatsApp': wa.me with the text and the address marked `src=whatsapp`, like the public page's button. */
export function whatsappHref(text: string, address: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${withSource(address, 'whatsapp')}`)}`;
}

/** Why the cancellation message may not be sent (trimmed like the API does), or null. */
export function cancelMessageProblem(message: string): 'tooLong' | null {
  return message.trim().length > CANCEL_MESSAGE_MAX ? 'tooLong' : null;
}

/** The file name of the poster's QR code: `qr-<page's slug>.<ext>`. */
export function qrFileName(event: Pick<EventDetail, 'publicPath'>, extension: 'png' | 'svg'): string {
  const slug = event.publicPath.split('/').filter(Boolean).pop() ?? 'evenement';
  return `qr-${slug}.${extension}`;
}

/** Participants over the maximum: '12 / 100', or '12 / ∞' without a maximum. */
export function participantsOverMax(count: string, max: string | null): string {
  return `${count} / ${max ?? '∞'}`;
}
