import type { FastifyBaseLogger } from 'fastify';
import type { NotificationService } from '../notifications/notifications.service';
import { alertTeam } from '../notifications/team-alerts';
import type { SettingsService } from '../settings/settings.service';
import {
  APPROVAL_MESSAGES,
  type ApprovalState,
  type CreateEventBody,
  EVENT_IMAGES_MAX,
  type EventDetail,
  type EventImage,
  type EventSummary,
  END_BEFORE_START,
  isReopenable,
  type listEventsQuerySchema,
  REOPEN_ENDED,
  type UpdateEventBody,
} from '@app/shared/events';
import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict, notFound, permissionMissing } from '../../lib/errors';
import { searchable } from '../../lib/text';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../auth/session.service';
import { recordEventCreated } from '../community/community.repository';
import { assertCanActForPartner, partnerRefusal, recordPartnerEvent } from '../partners/partners.service';
import { processImages } from '../uploads/image-processing';
import { newImageKeys, type UploadStorage, uploadUrl } from '../uploads/uploads.storage';
import { markSubmitted } from './event-approval.repository';
import {
  appendImages,
  countActiveEventsOf,
  countImages,
  imageKeys,
  deleteEvent,
  type EventInsert,
  type EventListFilter,
  type EventRow,
  type EventWithCreator,
  findEvent,
  findEventParts,
  type ImageRow,
  insertEvent,
  advisoryLock,
  listEvents,
  type NewImage,
  removeImage,
  replaceShareToken,
  type TicketTypeRow,
  transitionStatus,
  updateEvent,
} from './events.repository';
import { DOUALA_TIME_ZONE, doualaDayRange } from '@app/shared/douala-time';
import { eventSight, listVisibility, managesEvents } from './event-visibility';

/*
 * Access rules. `manage_events` reads and manages every event. Any signed-in account creates
 * events (the mobile app's organisers) and edits, deletes, publishes or cancels only its own;
 * with `settings.events.requireApproval` only `manage_events` publishes. Reading: the list shows
 * anonymous callers and non-managers the published public events (or, with `mine=true`, the
 * caller's own events); one event is readable by anyone unless it is a draft, which only its
 * organiser and managers see.
 */

const NOT_FOUND = 'Événement introuvable';
/**
 * The public agenda pages no deeper than its first 10 000 events (decision 013): a deep page costs
 * the database the rows before it, and nobody reads page 5000; search and filters narrow instead.
 */
export const PUBLIC_DEPTH_MAX = 10_000;
const PAGE_TOO_DEEP = 'Page trop lointaine : affinez la recherche ou les filtres pour voir ces événements';
const NOT_YOURS = 'Vous ne pouvez gérer que vos propres événements';
const CANCELLED_FROZEN = 'Un événement annulé ne peut plus être modifié : rouvrez-le, il repasse en brouillon';

/**
 * A cancelled event is frozen (issue 24, decision 023): its page stays public 30 days as it was
 * when cancelled; to change it, it is reopened, back to draft, and published again (with
 * `requireApproval`, by the team).
 */
const cancelledFrozen = () => new AppError('EVENT_CANCELLED', CANCELLED_FROZEN);
function refuseIfCancelled(row: EventRow): void {
  if (row.status === 'cancelled') throw cancelledFrozen();
}

type ListQuery = z.output<typeof listEventsQuerySchema>;
export interface UploadedFile {
  name: string;
  data: Buffer;
}

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

function approvalView(row: EventRow): { approvalState: ApprovalState | null; refusalReason: string | null } {
  const state = approvalState(row);
  return { approvalState: state, refusalReason: state === 'refused' ? row.refusalReason : null };
}

function detailView(
  row: EventWithCreator,
  ticketTypes: TicketTypeRow[],
  images: ImageRow[],
  shareLinkOn: string | null,
): EventDetail {
  return {
    ...baseView(row),
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

/** What the events service works with (decision 019): never the whole Fastify instance. */
export interface EventsDeps {
  db: Database;
  settings: SettingsService;
  storage: UploadStorage;
  notifications: NotificationService;
  log: FastifyBaseLogger;
  /** PUBLIC_URL, for the links in the team's e-mails and the share link. */
  publicUrl: string;
}

/** A new share token: 192 random bits, base64url (32 characters). */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The share link of an event: its public page path with the share token, and that page's whole
 * address on PUBLIC_URL (what the organiser sends), whatever address the back office is opened on.
 */
function shareLink(publicUrl: string, row: Pick<EventRow, 'title' | 'shortId' | 'shareToken'>) {
  const sharePath = `${eventPublicPath(row)}?t=${encodeURIComponent(row.shareToken)}`;
  return { shareToken: row.shareToken, sharePath, shareUrl: `${publicUrl.replace(/\/+$/, '')}${sharePath}` };
}

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
 * Regenerates the share token of an event (its organiser or `manage_events`): the old link stops
 * opening the page at once.
 */
export async function regenerateShareToken(
  deps: EventsDeps,
  actor: SessionUser,
  id: string,
): Promise<{ shareToken: string; sharePath: string; shareUrl: string }> {
  const existing = await loadManaged(deps, actor, id);
  const shareToken = await deps.db.transaction(async (tx) => {
    const token = await replaceShareToken(tx, id, newShareToken());
    if (!token) throw notFound(NOT_FOUND);
    await recordAudit(tx, { actorId: actor.id, action: 'event.share_token.regenerate', targetType: 'event', targetId: id });
    return token;
  });
  return shareLink(deps.publicUrl, { ...existing, shareToken });
}

function dateFilter(kind: ListQuery['date'], now: Date): EventListFilter['date'] {
  if (kind === 'today') return { kind, ...doualaDayRange(now) };
  if (kind === 'upcoming' || kind === 'past') return { kind, now };
  return { kind: 'all' };
}

export async function listEventsFor(
  deps: EventsDeps,
  actor: SessionUser | null,
  query: ListQuery,
): Promise<{ items: EventSummary[]; total: number }> {
  const visibility = listVisibility(actor, query);
  // The 'À approuver' queue is the event managers' (issue 25 item 11).
  if (query.approval && !managesEvents(actor)) throw permissionMissing();
  const approval = query.approval ? ((await deps.settings.get()).events.requireApproval ? 'pending' : 'closed') : undefined;
  if (visibility.kind === 'public' && (query.page - 1) * query.limit >= PUBLIC_DEPTH_MAX) {
    throw new AppError('PAGE_TOO_DEEP', PAGE_TOO_DEEP, { page: [PAGE_TOO_DEEP] });
  }
  const { rows, covers, total } = await listEvents(deps.db, {
    q: query.q,
    status: query.status,
    category: query.category,
    date: dateFilter(query.date, new Date()),
    visibility,
    approval,
    page: query.page,
    limit: query.limit,
  });
  return {
    items: rows.map((row) => {
      const cover = covers.get(row.id);
      return { ...baseView(row), cover: cover ? imageView(cover) : null };
    }),
    total,
  };
}

/**
 * Why the actor may not manage this event (change, publish, cancel, delete, images, share link),
 * or null: event managers manage all; an organiser their own, and a partner's event only while
 * they still act for that partner (one partner check, `partnerRefusal`: a removed user or a
 * blocked partner stops at once, issue 24 finding 5). 404 for someone else's draft, else 403.
 */
async function managementRefusal(deps: EventsDeps, actor: SessionUser | null, row: EventRow): Promise<AppError | null> {
  if (managesEvents(actor)) return null;
  if (!actor || row.organizerId !== actor.id) {
    // A draft of someone else stays invisible; a visible event answers that it is not yours.
    return eventSight(row, { privileged: false }) === 'draft' ? notFound(NOT_FOUND) : new AppError('NOT_OWNER', NOT_YOURS);
  }
  return row.partnerId ? partnerRefusal(deps.db, actor.id, row.partnerId) : null;
}

/** The detail; the share link only to whoever manages the event. */
async function loadDetail(deps: EventsDeps, row: EventWithCreator, manages: boolean): Promise<EventDetail> {
  const { ticketTypes, images } = await findEventParts(deps.db, row.id);
  return detailView(row, ticketTypes, images, manages ? deps.publicUrl : null);
}

/**
 * One event. A draft only for its organiser and managers; a private event also for whoever holds
 * its share token (`shareToken`); otherwise 404, as if it did not exist.
 */
export async function getEventFor(
  deps: EventsDeps,
  actor: SessionUser | null,
  id: string,
  shareToken?: string,
): Promise<EventDetail> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound(NOT_FOUND);
  const privileged = (await managementRefusal(deps, actor, row)) === null;
  if (eventSight(row, { privileged, token: shareToken }) !== 'visible') throw notFound(NOT_FOUND);
  return loadDetail(deps, row, privileged);
}

/**
 * The event, if the actor may change it (every write route goes through here): 404 when unknown,
 * 403 when it belongs to someone else or to a partner the actor no longer acts for.
 */
async function loadManaged(deps: EventsDeps, actor: SessionUser, id: string): Promise<EventWithCreator> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound(NOT_FOUND);
  const refusal = await managementRefusal(deps, actor, row);
  if (refusal) throw refusal;
  return row;
}

async function checkSettings(deps: EventsDeps, input: { maxParticipants?: number; ticketTypes?: unknown[] }): Promise<void> {
  const { events: limits } = await deps.settings.get();
  const fieldErrors: Record<string, string[]> = {};
  if (input.maxParticipants !== undefined && input.maxParticipants > limits.maxParticipantsPerEvent) {
    fieldErrors.maxParticipants = [`Le nombre maximum de participants ne peut pas dépasser ${limits.maxParticipantsPerEvent}`];
  }
  if (input.ticketTypes && input.ticketTypes.length > 1 && !limits.allowMultipleTickets) {
    fieldErrors.ticketTypes = ['Un seul type de billet est autorisé par événement'];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw badRequest(first, fieldErrors);
}

function snapshot(row: EventRow) {
  return {
    title: row.title,
    status: row.status,
    category: row.category,
    startDateTime: row.startDateTime.toISOString(),
    endDateTime: row.endDateTime.toISOString(),
    address: row.address,
    city: row.city,
    maxParticipants: row.maxParticipants,
    isPublic: row.isPublic,
    isHighlighted: row.isHighlighted,
  };
}

/** Tells the team about a new or changed event when the settings ask for it. */
function notifyContact(deps: EventsDeps, kind: 'new' | 'update', event: EventRow, what: string): Promise<void> {
  return alertTeam(
    deps,
    kind === 'new' ? 'notifyOnNewEvent' : 'notifyOnEventUpdate',
    kind === 'new' ? `Nouvel événement : ${event.title}` : `Événement modifié : ${event.title}`,
    [
      what,
      '',
      `Titre : ${event.title}`,
      `Ville : ${event.city}`,
      `Début : ${event.startDateTime.toLocaleString('fr-FR', { timeZone: DOUALA_TIME_ZONE })}`,
      `Statut : ${event.status}`,
      '',
      `${deps.publicUrl}/admin/events`,
    ],
  );
}

/**
 * Checks and re-encodes every file before writing any, then stores them; `writtenKeys` collects
 * what was written so the caller can remove it if the database write fails.
 */
async function storeImages(deps: EventsDeps, files: UploadedFile[], writtenKeys: string[]): Promise<NewImage[]> {
  const processed = await processImages(files);
  const storage = deps.storage;
  const stored: NewImage[] = [];
  for (const image of processed) {
    const keys = newImageKeys();
    await storage.put(keys.card, image.card);
    writtenKeys.push(keys.card);
    await storage.put(keys.medium, image.medium);
    writtenKeys.push(keys.medium);
    await storage.put(keys.detail, image.detail);
    writtenKeys.push(keys.detail);
    stored.push({ cardKey: keys.card, mediumKey: keys.medium, detailKey: keys.detail, width: image.width, height: image.height });
  }
  return stored;
}

function tooManyImages(): never {
  throw badRequest(`${EVENT_IMAGES_MAX} images au maximum par événement`, {
    images: [`${EVENT_IMAGES_MAX} images au maximum par événement`],
  });
}

export async function createEvent(
  deps: EventsDeps,
  actor: SessionUser,
  input: CreateEventBody,
  files: UploadedFile[],
): Promise<EventDetail> {
  if (files.length > EVENT_IMAGES_MAX) tooManyImages();
  // On behalf of a partner: only its authorised users, while it is not blocked (decision 010).
  if (input.partnerId) await assertCanActForPartner(deps.db, actor.id, input.partnerId);
  await checkSettings(deps, input);
  const { events: limits } = await deps.settings.get();
  const limited = !managesEvents(actor);
  if (limited && (await countActiveEventsOf(deps.db, actor.id)) >= limits.maxEventsPerUser) {
    throw conflict(`Vous avez atteint la limite de ${limits.maxEventsPerUser} événements par utilisateur`);
  }

  const storage = deps.storage;
  const writtenKeys: string[] = [];
  try {
    const stored = await storeImages(deps, files, writtenKeys);
    const values: EventInsert = {
      title: input.title,
      description: input.description,
      startDateTime: new Date(input.startDateTime),
      endDateTime: new Date(input.endDateTime),
      address: input.location.address,
      city: input.location.city,
      country: input.location.country || 'Cameroun',
      latitude: input.location.coordinates?.latitude ?? null,
      longitude: input.location.coordinates?.longitude ?? null,
      category: input.category,
      tags: input.tags,
      isPublic: input.isPublic,
      // Highlighting puts an event forward for everyone: only event managers decide it.
      isHighlighted: managesEvents(actor) ? input.isHighlighted : false,
      maxParticipants: input.maxParticipants,
      organizerId: actor.id,
      partnerId: input.partnerId ?? null,
      status: 'draft',
      shareToken: newShareToken(),
      searchText: searchable(input.title, input.description, input.location.address, input.location.city),
    };
    const event = await deps.db.transaction(async (tx) => {
      if (limited) {
        await advisoryLock(tx, `organizer:${actor.id}`);
        if ((await countActiveEventsOf(tx, actor.id)) >= limits.maxEventsPerUser) {
          throw conflict(`Vous avez atteint la limite de ${limits.maxEventsPerUser} événements par utilisateur`);
        }
      }
      const row = await insertEvent(tx, values, input.ticketTypes, stored);
      await recordEventCreated(tx, actor.id, row);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'event.create',
        targetType: 'event',
        targetId: row.id,
        after: snapshot(row),
      });
      if (input.partnerId) await recordPartnerEvent(tx, { partnerId: input.partnerId, actorId: actor.id, title: row.title });
      return row;
    });
    await notifyContact(deps, 'new', event, 'Un nouvel événement a été créé (brouillon).');
    const row = await findEvent(deps.db, event.id);
    if (!row) throw notFound(NOT_FOUND);
    return loadDetail(deps, row, true);
  } catch (error) {
    await storage.remove(writtenKeys).catch(() => {});
    throw error;
  }
}

/**
 * With `requireApproval`, an organiser without `manage_events` who changes what the public sees
 * of a published event (text, dates, place, category, tags, visibility, tickets, images) sends it
 * back to draft: hidden from the public until an administrator publishes it again (decision 008).
 */
async function needsApprovalAgain(deps: EventsDeps, actor: SessionUser, existing: EventRow): Promise<boolean> {
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
async function changesPublicFields(
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

/** Tells the team that an edited event waits for their approval (notifications outbox). */
function alertApprovalNeeded(deps: EventsDeps, event: EventRow): Promise<void> {
  return alertTeam(deps, 'always', `Événement à approuver de nouveau : ${event.title}`, [
    'L’organisateur a modifié un événement publié : il est masqué du public jusqu’à une nouvelle publication.',
    '',
    `Titre : ${event.title}`,
    `Ville : ${event.city}`,
    '',
    `${deps.publicUrl}/admin/events`,
  ]);
}

export async function updateEventFor(
  deps: EventsDeps,
  actor: SessionUser,
  id: string,
  input: UpdateEventBody,
): Promise<EventDetail> {
  const existing = await loadManaged(deps, actor, id);
  refuseIfCancelled(existing);
  await checkSettings(deps, input);
  const start = input.startDateTime ? new Date(input.startDateTime) : existing.startDateTime;
  const end = input.endDateTime ? new Date(input.endDateTime) : existing.endDateTime;
  if (end <= start) throw badRequest(END_BEFORE_START, { endDateTime: [END_BEFORE_START] });
  if (input.maxParticipants !== undefined && input.maxParticipants < existing.participantsCount) {
    const message = `Le nombre maximum de participants ne peut pas être inférieur au nombre d’inscrits (${existing.participantsCount})`;
    throw badRequest(message, { maxParticipants: [message] });
  }
  const title = input.title ?? existing.title;
  const description = input.description ?? existing.description;
  const address = input.location?.address ?? existing.address;
  const city = input.location?.city ?? existing.city;
  const values: Partial<EventInsert> = {
    title,
    description,
    startDateTime: start,
    endDateTime: end,
    address,
    city,
    ...(input.location
      ? {
          country: input.location.country || 'Cameroun',
          ...(input.location.coordinates !== undefined
            ? {
                latitude: input.location.coordinates?.latitude ?? null,
                longitude: input.location.coordinates?.longitude ?? null,
              }
            : {}),
        }
      : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
    ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
    ...(input.isHighlighted !== undefined && managesEvents(actor) ? { isHighlighted: input.isHighlighted } : {}),
    ...(input.maxParticipants !== undefined ? { maxParticipants: input.maxParticipants } : {}),
    searchText: searchable(title, description, address, city),
  };
  const backToApproval =
    (await needsApprovalAgain(deps, actor, existing)) && (await changesPublicFields(deps, existing, values, input.ticketTypes));
  if (backToApproval) {
    // Already public once: it goes straight back to the queue (decision 038).
    values.status = 'draft';
    values.submittedForApprovalAt = new Date();
  }
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateEvent(tx, id, values, input.ticketTypes);
    // Gone, or cancelled since it was read: a cancelled event is never edited.
    if (!row) throw (await findEvent(tx, id)) ? cancelledFrozen() : notFound(NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.update',
      targetType: 'event',
      targetId: id,
      before: snapshot(existing),
      after: snapshot(row),
    });
    return row;
  });
  if (backToApproval) await alertApprovalNeeded(deps, updated);
  else await notifyContact(deps, 'update', updated, 'Un événement a été modifié.');
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return loadDetail(deps, row, true);
}

export async function deleteEventFor(deps: EventsDeps, actor: SessionUser, id: string): Promise<void> {
  const existing = await loadManaged(deps, actor, id);
  const keys = await deps.db.transaction(async (tx) => {
    const removed = await deleteEvent(tx, id);
    if (!removed) throw notFound(NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.delete',
      targetType: 'event',
      targetId: id,
      before: snapshot(existing),
    });
    return removed;
  });
  await deps.storage
    .remove(keys)
    .catch((error: unknown) => deps.log.warn({ err: error, eventId: id }, 'event images not removed'));
}

const TRANSITIONS = {
  publish: { from: 'draft', to: 'published', refused: 'Seul un événement en brouillon peut être publié' },
  cancel: { from: 'published', to: 'cancelled', refused: 'Seul un événement publié peut être annulé' },
  /** The only way out of a cancellation: back to draft, to be published again (approved, with requireApproval). */
  reopen: { from: 'cancelled', to: 'draft', refused: 'Seul un événement annulé peut être rouvert' },
} as const;

export async function changeEventStatus(
  deps: EventsDeps,
  actor: SessionUser,
  id: string,
  action: keyof typeof TRANSITIONS,
  cancellationMessage?: string,
): Promise<EventDetail> {
  const existing = await loadManaged(deps, actor, id);
  const transition = TRANSITIONS[action];
  if (existing.status !== transition.from) throw conflict(transition.refused);
  // With 'Approbation requise', an organiser's 'Publier' submits the draft to the team (decision 038).
  if (action === 'publish' && !managesEvents(actor) && (await deps.settings.get()).events.requireApproval) {
    return submitForApproval(deps, actor, existing);
  }
  if (action === 'reopen' && !isReopenable(existing)) throw conflict(REOPEN_ENDED);
  const updated = await deps.db.transaction(async (tx) => {
    if (action === 'reopen' && !managesEvents(actor) && existing.organizerId) {
      // A reopened event counts again among its organiser's events.
      const { events: limits } = await deps.settings.get();
      await advisoryLock(tx, `organizer:${existing.organizerId}`);
      if ((await countActiveEventsOf(tx, existing.organizerId)) >= limits.maxEventsPerUser) {
        throw conflict(`Vous avez atteint la limite de ${limits.maxEventsPerUser} événements par utilisateur`);
      }
    }
    const message = action === 'cancel' ? cancellationMessage || null : undefined;
    const row = await transitionStatus(
      tx,
      id,
      transition.from,
      transition.to,
      message === undefined ? {} : { cancellationMessage: message },
    );
    if (!row) throw conflict(transition.refused);
    await recordAudit(tx, {
      actorId: actor.id,
      action: `event.${action}`,
      targetType: 'event',
      targetId: id,
      before: { status: existing.status },
      after: { status: row.status, ...(message ? { cancellationMessage: message } : {}) },
    });
    return row;
  });
  await notifyContact(
    deps,
    'update',
    updated,
    {
      publish: 'Un événement a été publié.',
      cancel: 'Un événement a été annulé.',
      reopen: 'Un événement annulé a été rouvert (brouillon).',
    }[action],
  );
  return loadDetail(deps, { ...updated, creatorName: existing.creatorName }, true);
}

/**
 * 'Publier' by an organiser while 'Approbation requise' is on (decision 038): the draft is
 * submitted, joins the 'À approuver' queue and the team is told; 409 when it already waits.
 */
async function submitForApproval(deps: EventsDeps, actor: SessionUser, existing: EventWithCreator): Promise<EventDetail> {
  if (approvalState(existing) === 'submitted') throw conflict(APPROVAL_MESSAGES.alreadySubmitted);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await markSubmitted(tx, existing.id);
    if (!row) throw conflict(TRANSITIONS.publish.refused);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.submit',
      targetType: 'event',
      targetId: existing.id,
      before: { status: 'draft' },
      after: { status: 'draft', submittedForApprovalAt: row.submittedForApprovalAt?.toISOString() ?? null },
    });
    return row;
  });
  await alertTeam(deps, 'always', `Événement à approuver : ${updated.title}`, [
    'Un organisateur demande la publication de son événement.',
    '',
    `Titre : ${updated.title}`,
    `Ville : ${updated.city}`,
    `Début : ${updated.startDateTime.toLocaleString('fr-FR', { timeZone: DOUALA_TIME_ZONE })}`,
    '',
    `${deps.publicUrl}/admin/events?approval=pending`,
  ]);
  return loadDetail(deps, { ...updated, creatorName: existing.creatorName }, true);
}

/** Adds images to an event (at most 10 in all), after the existing ones. */
export async function addEventImages(
  deps: EventsDeps,
  actor: SessionUser,
  id: string,
  files: UploadedFile[],
): Promise<EventDetail> {
  const existing = await loadManaged(deps, actor, id);
  refuseIfCancelled(existing);
  if (files.length === 0) throw badRequest('Choisissez au moins une image', { images: ['Choisissez au moins une image'] });
  const backToApproval = await needsApprovalAgain(deps, actor, existing);
  if ((await countImages(deps.db, id)) + files.length > EVENT_IMAGES_MAX) tooManyImages();
  const writtenKeys: string[] = [];
  try {
    const stored = await storeImages(deps, files, writtenKeys);
    await deps.db.transaction(async (tx) => {
      await advisoryLock(tx, `images:${id}`);
      if ((await countImages(tx, id)) + stored.length > EVENT_IMAGES_MAX) tooManyImages();
      await appendImages(tx, id, stored);
      if (backToApproval) await transitionStatus(tx, id, 'published', 'draft', { submittedForApprovalAt: new Date() });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'event.images.add',
        targetType: 'event',
        targetId: id,
        after: { added: stored.length, ...(backToApproval ? { status: 'draft' } : {}) },
      });
    });
    if (backToApproval) await alertApprovalNeeded(deps, existing);
  } catch (error) {
    await deps.storage.remove(writtenKeys).catch(() => {});
    throw error;
  }
  if (backToApproval) return loadDetail(deps, { ...existing, status: 'draft' }, true);
  return loadDetail(deps, existing, true);
}

export async function removeEventImage(deps: EventsDeps, actor: SessionUser, id: string, imageId: string): Promise<EventDetail> {
  const existing = await loadManaged(deps, actor, id);
  refuseIfCancelled(existing);
  const removed = await deps.db.transaction(async (tx) => {
    const row = await removeImage(tx, id, imageId);
    if (!row) throw notFound('Image introuvable');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.images.remove',
      targetType: 'event',
      targetId: id,
      before: { imageId },
    });
    return row;
  });
  await deps.storage
    .remove(imageKeys(removed))
    .catch((error: unknown) => deps.log.warn({ err: error, eventId: id }, 'event image not removed'));
  return loadDetail(deps, existing, true);
}
