import type { EventRow } from './events.repository';

/** `/evenements/{slug}-{shortId}`: the slug comes from the current title (see public pages). */
export function eventPublicPath(row: Pick<EventRow, 'title' | 'shortId'>): string {
  return `/evenements/${slugify(row.title)}-${row.shortId}`;
}

/** Lower-case ASCII words joined by '-', at most 80 characters ('evenement' when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'evenement';
}

/**
 * The page of an event for someone who takes part in it: a private event's carries its share
 * link, since taking part already lets them see it (e-mails, notifications, 'Mes participations').
 */
export function participantPagePath(row: Pick<EventRow, 'title' | 'shortId' | 'isPublic' | 'shareToken'>): string {
  return `${eventPublicPath(row)}${row.isPublic ? '' : `?t=${encodeURIComponent(row.shareToken)}`}`;
}
