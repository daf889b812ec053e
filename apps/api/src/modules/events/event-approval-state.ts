import type { ApprovalState, UpdateEventBody } from '@app/shared/events';
import type { SessionUser } from '../auth/session.service';
import type { EventsDeps } from './events-deps-of';
import { type EventInsert, type EventRow, findEventParts } from './events.repository';
import { managesEvents } from './event-visibility';

/*
 * 'Approbation requise' seen from the organiser's side (decisions 008 and 038): where a draft
 * stands, and when an organiser's change sends a published event back to the team. The team's
 * queue itself (approve, refuse) is event-approval.service.ts.
 */

/**
 * Where a draft stands with 'Approbation requise' (decision 038): submitted after its last refusal
 * ('En attente d’approbation'), or refused since its last submission (with the reason).
 */
export function approvalState(row: Pick<EventRow, 'status' | 'submittedForApprovalAt' | 'refusedAt'>): ApprovalState | null {
  if (row.status !== 'draft') return null;
  const submitted = row.submittedForApprovalAt?.getTime();
  const refused = row.refusedAt?.getTime();
  if (submitted !== undefined && (refused === undefined || submitted > refused)) return 'submitted';
  return refused === undefined ? null : 'refused';
}

/**
 * With `requireApproval`, an organiser without `manage_events` who changes what the public sees
 * of a published event (text, dates, place, category, tags, visibility, tickets, images) sends it
 * back to draft: hidden from the public until an administrator publishes it again (decision 008).
 */
export async function needsApprovalAgain(deps: EventsDeps, actor: SessionUser, existing: EventRow): Promise<boolean> {
  if (existing.status !== 'published' || managesEvents(actor)) return false;
  return (await deps.settings.get()).events.requireApproval;
}

/**
 * Every column the public sees (event page, agenda, calendar file, map links, the event answers):
 * with `requireApproval`, changing any of them sends a published event back for approval (issue
 * 24: country, coordinates and capacity were left out).
 */
const PUBLIC_COLUMNS = [
  'title',
  'description',
  'startDateTime',
  'endDateTime',
  'address',
  'city',
  'country',
  'latitude',
  'longitude',
  'category',
  'tags',
  'isPublic',
  'isHighlighted',
  'maxParticipants',
] as const satisfies readonly (keyof EventRow)[];

/** Whether the values to write (and the ticket types: names, prices, quantities, texts) change what the public sees. */
export async function changesPublicFields(
  deps: EventsDeps,
  existing: EventRow,
  values: Partial<EventInsert>,
  ticketTypes: UpdateEventBody['ticketTypes'],
): Promise<boolean> {
  const same = (next: unknown, current: unknown) => JSON.stringify(next) === JSON.stringify(current);
  if (PUBLIC_COLUMNS.some((column) => values[column] !== undefined && !same(values[column], existing[column]))) return true;
  if (ticketTypes === undefined) return false;
  const { ticketTypes: current } = await findEventParts(deps.db, existing.id);
  const shape = (list: { name: string; price: number; quantity: number; description?: string | null }[]) =>
    list.map((ticket) => [ticket.name, Number(ticket.price), Number(ticket.quantity), ticket.description ?? '']);
  return !same(shape(ticketTypes), shape(current));
}
