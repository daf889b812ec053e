import { type Profile, PROFILE_MESSAGES, type updateProfileSchema } from '@app/shared/profile';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import { findTakenFields, findUserById, usernameColumns } from '../auth/auth.repository';
import { processAvatar } from '../uploads/image-processing';
import { keyOfUploadUrl, newAvatarKey, type UploadStorage, uploadUrl } from '../uploads/uploads.storage';

/** What the profile's service needs (decision 019): the database, the image store and the log. */
export interface ProfileDeps {
  db: Database;
  storage: UploadStorage;
  log: FastifyBaseLogger;
}

type ProfileRow = Pick<UserRow, 'firstName' | 'lastName' | 'username' | 'city' | 'avatar'>;

function toProfile(row: ProfileRow): Profile {
  return { firstName: row.firstName, lastName: row.lastName, username: row.username, city: row.city, avatar: row.avatar };
}

async function loadSelf(deps: ProfileDeps, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return user;
}

const usernameTaken = () => conflict(PROFILE_MESSAGES.usernameTaken, { username: [PROFILE_MESSAGES.usernameTaken] });

export async function getProfile(deps: ProfileDeps, userId: string): Promise<Profile> {
  return toProfile(await loadSelf(deps, userId));
}

/**
 * Changes the account's own names, username and city. A new username passes the sign-up's checks:
 * its rules (the schema), and no other account's username alike in case or skeleton (decision
 * 024); the account's own row never counts, so keeping one's username or changing only its case
 * is allowed. Audited (`user.update_profile`) with what changed, before and after.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  input: z.output<typeof updateProfileSchema>,
): Promise<Profile> {
  const user = await loadSelf(deps, userId);
  const changes: Partial<ProfileRow> & { usernameSkeletons?: string[] } = {};
  if (input.firstName !== undefined && input.firstName !== user.firstName) changes.firstName = input.firstName;
  if (input.lastName !== undefined && input.lastName !== user.lastName) changes.lastName = input.lastName;
  if (input.city !== undefined && input.city !== user.city) changes.city = input.city;
  if (input.username !== undefined && input.username !== user.username) {
    const taken = await findTakenFields(deps.db, { username: input.username }, userId);
    if (taken.has('username')) throw usernameTaken();
    Object.assign(changes, usernameColumns(input.username));
  }
  if (Object.keys(changes).length === 0) return toProfile(user);
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, user[key as keyof ProfileRow]]));
  const { usernameSkeletons: _skeletons, ...after } = changes;
  delete before.usernameSkeletons;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!updated) throw unauthorized();
      await recordWrite(tx, {
        audit: { actorId: userId, action: 'user.update_profile', targetType: 'user', targetId: userId, before, after },
      });
      return updated;
    });
    return toProfile(row);
  } catch (error) {
    // Two accounts taking the same name at once: the unique index decides, as at sign-up.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * A new profile photo: checked by its content and re-encoded (the event images' pipeline, one
 * square copy), stored, then put on the account in a transaction with its audit row; the previous
 * photo's file is removed once the new one is saved (a failure to remove is logged, never shown).
 */
export async function setAvatar(deps: ProfileDeps, userId: string, file: { name: string; data: Buffer }): Promise<Profile> {
  const user = await loadSelf(deps, userId);
  let image: Buffer;
  try {
    image = await processAvatar(file.data, file.name);
  } catch (error) {
    if (error instanceof AppError) throw badRequest(error.message, { avatar: [error.message] });
    throw error;
  }
  const key = newAvatarKey();
  await deps.storage.put(key, image);
  let row: UserRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ avatar: uploadUrl(key), updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!updated) throw unauthorized();
      await recordWrite(tx, {
        audit: {
          actorId: userId,
          action: 'user.avatar',
          targetType: 'user',
          targetId: userId,
          before: { avatar: user.avatar },
          after: { avatar: updated.avatar },
        },
      });
      return updated;
    });
  } catch (error) {
    await deps.storage.remove([key]).catch(() => {});
    throw error;
  }
  await removeStored(deps, user.avatar);
  return toProfile(row);
}

/** Removes the profile photo (409 when there is none) and its file. */
export async function removeAvatar(deps: ProfileDeps, userId: string): Promise<Profile> {
  const user = await loadSelf(deps, userId);
  if (!user.avatar) throw conflict(PROFILE_MESSAGES.noAvatar);
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    if (!updated) throw unauthorized();
    await recordWrite(tx, {
      audit: {
        actorId: userId,
        action: 'user.avatar.remove',
        targetType: 'user',
        targetId: userId,
        before: { avatar: user.avatar },
      },
    });
    return updated;
  });
  await removeStored(deps, user.avatar);
  return toProfile(row);
}

/** The file behind a photo address this API made; an outside address (older accounts) is left alone. */
async function removeStored(deps: ProfileDeps, avatar: string | null): Promise<void> {
  const key = keyOfUploadUrl(avatar);
  if (!key) return;
  await deps.storage.remove([key]).catch((error: unknown) => deps.log.warn({ err: error, key }, 'profile photo not removed'));
}
