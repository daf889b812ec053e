import {
  type CreateEventBody,
  END_BEFORE_START,
  EVENT_IMAGES_MAX,
  type EventDetail,
  type UpdateEventBody,
} from '@app/shared/events';
import { badRequest, conflict } from '../../lib/errors';
import { searchable } from '../../lib/text';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { eventCreatedActivity } from '../community/community.repository';
import { assertCanActForPartner, partnerEventCreated } from '../partners/partners.service';
import { cancelledFrozen, eventNotFound, loadManaged, refuseIfCancelled } from './event-access';
import { forgetReminders } from '../user-notifications/user-notifications.writes';
import { moveNotice, queueParticipantNotice } from './event-participant-notices';
import { changesPublicFields, needsApprovalAgain } from './event-approval-state';
import { customisationValues, writeOrTaken } from './event-customisation';
import { storeImages, tooManyImages, type UploadedFile } from './event-images';
import { loadWrittenDetail } from './event-reads';
import { alertApprovalNeeded, notifyContact } from './event-team-alerts';
import type { EventsDeps } from './events-deps-of';
import {
  advisoryLock,
  countActiveEventsOf,
  deleteEvent,
  type EventInsert,
  type EventRow,
  findEvent,
  insertEvent,
  updateEvent,
} from './events.repository';
import { managesEvents } from './event-visibility';
import { newShareToken } from './share-token';

/* Creating, changing and deleting an event (its status: event-status.ts; its images: event-images.ts). */

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
    accentColor: row.accentColor,
    coverLayout: row.coverLayout,
    shortAddress: row.shortAddress,
  };
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
  // Premium only (403 PREMIUM_REQUIRED before anything is stored), a short address not taken (409).
  const customisation = await customisationValues(deps.db, actor, input);
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
      ...customisation,
    };
    const event = await writeOrTaken(Boolean(input.shortAddress), () =>
      deps.db.transaction(async (tx) => {
        if (limited) {
          await advisoryLock(tx, `organizer:${actor.id}`);
          if ((await countActiveEventsOf(tx, actor.id)) >= limits.maxEventsPerUser) {
            throw conflict(`Vous avez atteint la limite de ${limits.maxEventsPerUser} événements par utilisateur`);
          }
        }
        const row = await insertEvent(tx, values, input.ticketTypes, stored);
        await recordWrite(tx, {
          audit: { actorId: actor.id, action: 'event.create', targetType: 'event', targetId: row.id, after: snapshot(row) },
          activity: eventCreatedActivity(actor.id, row),
          ...(input.partnerId
            ? { partnerActivity: partnerEventCreated({ partnerId: input.partnerId, actorId: actor.id, title: row.title }) }
            : {}),
        });
        return row;
      }),
    );
    await notifyContact(deps, 'new', event, 'Un nouvel événement a été créé (brouillon).');
    return await loadWrittenDetail(deps, event.id);
  } catch (error) {
    await storage.remove(writtenKeys).catch(() => {});
    throw error;
  }
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
  const customisation = await customisationValues(deps.db, actor, input, id);
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
    ...customisation,
  };
  const backToApproval =
    (await needsApprovalAgain(deps, actor, existing)) && (await changesPublicFields(deps, existing, values, input.ticketTypes));
  if (backToApproval) {
    // Already public once: it goes straight back to the queue (decision 038).
    values.status = 'draft';
    values.submittedForApprovalAt = new Date();
  }
  const teamSettings = await deps.settings.get();
  const updated = await writeOrTaken(Boolean(input.shortAddress), () =>
    deps.db.transaction(async (tx) => {
      const row = await updateEvent(tx, id, values, input.ticketTypes);
      // Gone, or cancelled since it was read: a cancelled event is never edited.
      if (!row) throw (await findEvent(tx, id)) ? cancelledFrozen() : eventNotFound();
      // Its participants hear of a new date or place (decision 059).
      const moved = existing.status === 'published' ? moveNotice(existing, row, deps.publicUrl) : null;
      if (moved) {
        await queueParticipantNotice(tx, id, moved, {
          messages: teamSettings.notifications.notifyOnEventUpdate,
          except: actor.id,
        });
      }
      if (existing.startDateTime.getTime() !== row.startDateTime.getTime()) await forgetReminders(tx, id);
      await recordWrite(tx, {
        audit: {
          actorId: actor.id,
          action: 'event.update',
          targetType: 'event',
          targetId: id,
          before: snapshot(existing),
          after: snapshot(row),
        },
      });
      return row;
    }),
  );
  if (backToApproval) await alertApprovalNeeded(deps, updated);
  else await notifyContact(deps, 'update', updated, 'Un événement a été modifié.');
  return loadWrittenDetail(deps, id);
}

export async function deleteEventFor(deps: EventsDeps, actor: SessionUser, id: string): Promise<void> {
  const existing = await loadManaged(deps, actor, id);
  const keys = await deps.db.transaction(async (tx) => {
    const removed = await deleteEvent(tx, id);
    if (!removed) throw eventNotFound();
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'event.delete',
        targetType: 'event',
        targetId: id,
        before: snapshot(existing),
      },
    });
    return removed;
  });
  await deps.storage
    .remove(keys)
    .catch((error: unknown) => deps.log.warn({ err: error, eventId: id }, 'event images not removed'));
}
