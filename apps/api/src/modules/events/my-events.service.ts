import { pageWindow } from '../../db/page-window';
import type { CreateEventBody, EventDetail } from '@app/shared/events';
import type { MyEventsResponse } from '@app/shared/my-events';
import type { z } from 'zod';
import type { myEventsQuerySchema } from '@app/shared/my-events';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { findEvent, findEventParts } from './events.repository';
import type { UploadedFile } from './event-images';
import { baseView, imageView } from './event-views';
import { createEvent } from './event-writes';
import type { EventsDeps } from './events-deps-of';
import { countMyEvents, coversOf, listMyEvents, type MyEventsScope } from './my-events.repository';
import { EVENT_NOT_FOUND } from './event-access';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** 'Mes évènements': one tab's page, its total and every tab's count (decision 037). */
export async function myEventsFor(
  deps: EventsDeps,
  actor: SessionUser,
  query: z.output<typeof myEventsQuerySchema>,
): Promise<MyEventsResponse> {
  const scope: MyEventsScope = { organizerId: actor.id, now: new Date() };
  const [counts, rows] = await Promise.all([
    countMyEvents(deps.db, scope),
    listMyEvents(deps.db, scope, query.tab, pageWindow(query)),
  ]);
  const covers = await coversOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => {
      const cover = covers.get(row.id);
      return { ...baseView(row), cover: cover ? imageView(cover) : null };
    }),
    total: counts[query.tab],
    counts,
  };
}

/**
 * The dates of a copy (decision 037): shifted by whole weeks, at least one, until the copy starts
 * in the future, so the next occurrence of a weekly event is ready to check and publish.
 */
export function shiftedByWeeks(start: Date, end: Date, now: Date): { start: Date; end: Date } {
  const weeks = Math.max(1, Math.floor((now.getTime() - start.getTime()) / WEEK_MS) + 1);
  return { start: new Date(start.getTime() + weeks * WEEK_MS), end: new Date(end.getTime() + weeks * WEEK_MS) };
}

/**
 * Duplicates one of the actor's own events as a new draft (any status): the same fields, ticket
 * types and images, dates shifted by whole weeks. Goes through `createEvent`, so every creation
 * rule applies (maxEventsPerUser, the partner check, the settings' limits, the audit). Someone
 * else's event: 404, whatever its status.
 */
export async function duplicateEvent(deps: EventsDeps, actor: SessionUser, id: string): Promise<EventDetail> {
  const row = await findEvent(deps.db, id);
  if (!row || row.organizerId !== actor.id) throw notFound(EVENT_NOT_FOUND);
  const { ticketTypes, images } = await findEventParts(deps.db, id);
  const { events: settings } = await deps.settings.get();
  const { start, end } = shiftedByWeeks(row.startDateTime, row.endDateTime, new Date());
  const input: CreateEventBody = {
    title: row.title,
    description: row.description,
    startDateTime: start.toISOString(),
    endDateTime: end.toISOString(),
    location: {
      address: row.address,
      city: row.city,
      country: row.country,
      coordinates: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    },
    category: row.category as CreateEventBody['category'],
    tags: row.tags,
    ticketTypes: ticketTypes.map(({ name, price, quantity, description }) => ({ name, price, quantity, description })),
    isPublic: row.isPublic,
    isHighlighted: row.isHighlighted,
    // An older event without a maximum gets the platform's largest.
    maxParticipants: row.maxParticipants ?? settings.maxParticipantsPerEvent,
    ...(row.partnerId ? { partnerId: row.partnerId } : {}),
  };
  // The images: the stored detail copy (at most 1600 px) of each, re-encoded like an upload.
  const files: UploadedFile[] = [];
  for (const image of images) {
    const stored = await deps.storage.open(image.detailKey);
    if (!stored) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    files.push({ name: 'image.webp', data: Buffer.concat(chunks) });
  }
  return createEvent(deps, actor, input, files);
}
