import { randomUUID } from 'node:crypto';
import type { MessageImage } from '@app/shared/conversations';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { processMessageImage } from '../uploads/image-processing';
import { messageImageKeys, type UploadStorage, uploadUrl } from '../uploads/uploads.storage';
import { deleteStaleImages, insertMessageImage, type MessageImageRow } from './conversations.repository';

/*
 * The photos of messages (decision 065): uploaded first (`POST /conversations/images`), then sent
 * with a message by whoever uploaded them, once. The files are served by their random key only.
 */

export interface MessageImagesDeps {
  db: Database;
  storage: UploadStorage;
  log: FastifyBaseLogger;
}

/** A photo as the screens read it: the thread's copy, the whole photo, and its size. */
export function messageImageView(image: MessageImageRow): MessageImage {
  const keys = messageImageKeys(image.id);
  return { _id: image.id, url: uploadUrl(keys.small), fullUrl: uploadUrl(keys.full), width: image.width, height: image.height };
}

/**
 * A photo for a message: checked by its content (type, declared pixels) and re-encoded in the image
 * queue (no metadata kept: EXIF, GPS), stored under a new random key, then recorded as `userId`'s,
 * unsent. A file that is not an image answers 400 with a French message at the field `image`.
 */
export async function uploadMessageImage(
  deps: MessageImagesDeps,
  userId: string,
  file: { name: string; data: Buffer },
): Promise<MessageImage> {
  let processed: Awaited<ReturnType<typeof processMessageImage>>;
  try {
    processed = await processMessageImage(file.data, file.name);
  } catch (error) {
    if (error instanceof AppError) throw badRequest(error.message, { image: [error.message] });
    throw error;
  }
  const id = randomUUID();
  const keys = messageImageKeys(id);
  const image = { id, width: processed.width, height: processed.height };
  try {
    await deps.storage.put(keys.full, processed.detail);
    await deps.storage.put(keys.small, processed.small);
    await insertMessageImage(deps.db, { ...image, uploaderId: userId });
  } catch (error) {
    await deps.storage.remove([keys.full, keys.small]).catch(() => {});
    throw error;
  }
  return messageImageView(image);
}

/** A photo not sent within a day is forgotten (the screen that uploaded it was left). */
export const UNSENT_IMAGE_LIFETIME_MS = 24 * 3_600_000;
const CLEAN_BATCH = 200;
const CLEAN_BATCHES_PER_RUN = 10;

/**
 * Deletes the photos without a message — never sent within UNSENT_IMAGE_LIFETIME_MS, or whose
 * message went with its conversation (an event or an account deleted) — and then their files.
 * The rows go first, each deleted by one instance only; a file that cannot be removed is logged.
 */
export async function cleanMessageImages(deps: MessageImagesDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNSENT_IMAGE_LIFETIME_MS);
  let removed = 0;
  for (let batch = 0; batch < CLEAN_BATCHES_PER_RUN; batch++) {
    const ids = await deleteStaleImages(deps.db, cutoff, CLEAN_BATCH);
    if (ids.length === 0) break;
    const keys = ids.flatMap((id) => Object.values(messageImageKeys(id)));
    await deps.storage
      .remove(keys)
      .catch((error: unknown) => deps.log.warn({ err: error, count: keys.length }, 'message photos not removed'));
    removed += ids.length;
    if (ids.length < CLEAN_BATCH) break;
  }
  return removed;
}
