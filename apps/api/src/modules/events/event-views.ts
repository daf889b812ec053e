import type { ApprovalState, EventCustomisation, EventDetail, EventImage } from '@app/shared/events';
import { uploadUrl } from '../uploads/uploads.storage';
import { approvalState } from './event-approval-state';
import { eventPublicPath } from './event-paths';
import type { EventRow, EventWithCreator, ImageRow, TicketTypeRow } from './events.repository';

/* The shapes of the events API's answers, from the rows (no database, no rules). */

export function imageView(image: ImageRow): EventImage {
  return {
    _id: image.id,
    cardUrl: uploadUrl(image.cardKey),
    detailUrl: uploadUrl(image.detailKey),
    width: image.width,
    height: image.height,
  };
}

export function baseView(row: EventWithCreator) {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    startDateTime: row.startDateTime.toISOString(),
    endDateTime: row.endDateTime.toISOString(),
    location: {
      address: row.address,
      city: row.city,
      country: row.country,
      coordinates: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    },
    category: row.category,
    tags: row.tags,
    isPublic: row.isPublic,
    isHighlighted: row.isHighlighted,
    maxParticipants: row.maxParticipants,
    organizerId: row.organizerId,
    partnerId: row.partnerId,
    status: row.status,
    creator: row.creatorName ? { name: row.creatorName } : null,
    participantsCount: row.participantsCount,
    commentsCount: row.commentsCount,
    likes: row.likesCount,
    views: row.viewsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publicPath: eventPublicPath(row),
    ...approvalView(row),
    cancellationMessage: row.status === 'cancelled' ? row.cancellationMessage : null,
  };
}

function approvalView(row: EventRow): { approvalState: ApprovalState | null; refusalReason: string | null } {
  const state = approvalState(row);
  return { approvalState: state, refusalReason: state === 'refused' ? row.refusalReason : null };
}

/**
 * The share link of an event: its public page path with the share token, and that page's whole
 * address on PUBLIC_URL (what the organiser sends), whatever address the back office is opened on.
 */
export function shareLink(publicUrl: string, row: Pick<EventRow, 'title' | 'shortId' | 'shareToken'>) {
  const sharePath = `${eventPublicPath(row)}?t=${encodeURIComponent(row.shareToken)}`;
  return { shareToken: row.shareToken, sharePath, shareUrl: `${publicUrl.replace(/\/+$/, '')}${sharePath}` };
}

/** The detail: `shareLinkOn` is PUBLIC_URL for whoever manages the event, else null (no share link). */
export function detailView(
  row: EventWithCreator,
  ticketTypes: TicketTypeRow[],
  images: ImageRow[],
  shareLinkOn: string | null,
  customisation: EventCustomisation,
): EventDetail {
  return {
    ...baseView(row),
    customisation,
    // The share link opens a private event's page: only its organiser and event managers get it.
    ...(shareLinkOn === null ? {} : shareLink(shareLinkOn, row)),
    ticketTypes: ticketTypes.map((ticket) => ({
      _id: ticket.id,
      name: ticket.name,
      price: ticket.price,
      quantity: ticket.quantity,
      description: ticket.description,
    })),
    images: images.map((image) => ({ ...imageView(image), mediumUrl: image.mediumKey ? uploadUrl(image.mediumKey) : null })),
  };
}
