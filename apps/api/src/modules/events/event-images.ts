import { EVENT_IMAGES_MAX, type EventDetail } from '@app/shared/events';
import { badRequest, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { processImages } from '../uploads/image-processing';
import { newImageKeys } from '../uploads/uploads.storage';
import { loadManaged, refuseIfCancelled } from './event-access';
import { needsApprovalAgain } from './event-approval-state';
import { loadDetail } from './event-reads';
import { alertApprovalNeeded } from './event-team-alerts';
import type { EventsDeps } from './events-deps-of';
import {
  advisoryLock,
  appendImages,
  countImages,
  imageKeys,
  type NewImage,
  removeImage,
  transitionStatus,
} from './events.repository';

/* An event's images: stored re-encoded (card, medium, detail), at most 10, the first is the cover. */

export interface UploadedFile {
  name: string;
  data: Buffer;
}

/**
 * Checks and re-encodes every file before writing any, then stores them; `writtenKeys` collects
 * what was written so the caller can remove it if the database write fails.
 */
export async function storeImages(deps: EventsDeps, files: UploadedFile[], writtenKeys: string[]): Promise<NewImage[]> {
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

export function tooManyImages(): never {
  throw badRequest(`${EVENT_IMAGES_MAX} images au maximum par événement`, {
    images: [`${EVENT_IMAGES_MAX} images au maximum par événement`],
  });
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
      await recordWrite(tx, {
        audit: {
          actorId: actor.id,
          action: 'event.images.add',
          targetType: 'event',
          targetId: id,
          after: { added: stored.length, ...(backToApproval ? { status: 'draft' } : {}) },
        },
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
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'event.images.remove',
        targetType: 'event',
        targetId: id,
        before: { imageId },
      },
    });
    return row;
  });
  await deps.storage
    .remove(imageKeys(removed))
    .catch((error: unknown) => deps.log.warn({ err: error, eventId: id }, 'event image not removed'));
  return loadDetail(deps, existing, true);
}
