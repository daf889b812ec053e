import { ACCOUNT_RIGHTS_MESSAGES, deleteAccountSchema } from '@app/shared/account';
import { messageSchema } from '@app/shared/common';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { auditLog, contactHolds, eventImages, events, loginThrottles, referralSignups, users } from '../../db/schema/index';
import { fieldError, forbidden, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import { lockUserById } from '../admins/admins.repository';
import { recordWrite } from '../audit/record-write';
import { findUserById } from '../auth/auth.repository';
import { releaseCountersOf } from '../community/community.repository';
import { releaseDailyOf } from '../event-stats/event-stats.repository';
import { releaseReportsBy } from '../reports/reports.repository';
import { imagePreviewKey, keyOfUploadUrl } from '../uploads/uploads.storage';

/**
 * Erases an account in the caller's transaction (decision 048): its counters first, then its
 * drafts (they have no page), the personal data other rows copied (audit snapshots, the referrer's
 * copy of its contacts, the holds and throttles on its contacts), then the row itself, whose
 * sessions, codes' owner, participations, comments, likes, reports, referral rows and devices go
 * by cascade; its published and cancelled events stay, organised by no one ('Anonyme').
 * Answers the storage keys to remove once committed (avatar, the drafts' images).
 */
export async function eraseAccount(
  tx: Tx,
  user: { id: string; email: string | null; phone: string | null; avatar: string | null },
) {
  const id = user.id;
  await releaseCountersOf(tx, id);
  await releaseDailyOf(tx, id);
  await releaseReportsBy(tx, id);
  const drafts = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizerId, id), eq(events.status, 'draft')));
  const draftIds = drafts.map((draft) => draft.id);
  const avatar = keyOfUploadUrl(user.avatar);
  const keys: string[] = avatar ? [avatar] : [];
  if (draftIds.length > 0) {
    const images = await tx
      .select({ cardKey: eventImages.cardKey, mediumKey: eventImages.mediumKey, detailKey: eventImages.detailKey })
      .from(eventImages)
      .where(inArray(eventImages.eventId, draftIds));
    for (const image of images) {
      keys.push(image.cardKey, image.detailKey, imagePreviewKey(image.detailKey));
      if (image.mediumKey) keys.push(image.mediumKey);
    }
    await tx.delete(events).where(inArray(events.id, draftIds));
  }
  // The audit keeps what was done to the account, not what it held (names, contacts).
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id)));
  // The referrer keeps the count of a sign-up, not the contacts it was matched by.
  await tx.update(referralSignups).set({ email: null, phone: null }).where(eq(referralSignups.userId, id));
  const contacts = [user.email, user.phone].filter((contact): contact is string => Boolean(contact));
  if (contacts.length > 0) await tx.delete(contactHolds).where(inArray(contactHolds.contact, contacts));
  await tx.delete(loginThrottles).where(eq(loginThrottles.subject, id));
  await tx.delete(users).where(eq(users.id, id));
  return keys;
}

/**
 * 'Supprimer mon compte' (issue 27 item 8, decision 048): `DELETE /users/me` with the word
 * SUPPRIMER typed by hand and the password. The account's sessions end with it: its token is
 * refused at the next request.
 */
export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/users/me',
    {
      config: {
        access: 'authenticated',
        // Guessing the password from a stolen session: at most 10 tries per account every 15 minutes.
        rateLimit: { hook: 'preHandler', max: 10, timeWindow: '15 minutes', keyGenerator: perAccountKey('account-delete') },
      },
      schema: {
        tags: ['account'],
        summary: 'Supprime le compte : données personnelles effacées, sessions terminées, évènements « Anonyme »',
        body: deleteAccountSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, actorOf(request).id);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw fieldError('password', ACCOUNT_RIGHTS_MESSAGES.wrongPassword);
      }
      if (user.role === 'superadmin') throw forbidden(ACCOUNT_RIGHTS_MESSAGES.superadminCannotDelete);
      const keys = await app.db.transaction(async (tx) => {
        const locked = await lockUserById(tx, user.id);
        if (!locked) throw unauthorized();
        const removed = await eraseAccount(tx, locked);
        // Who and when only: the row outlives the account without anything personal.
        await recordWrite(tx, { audit: { actorId: user.id, action: 'user.delete_self', targetType: 'user', targetId: user.id } });
        return removed;
      });
      if (keys.length > 0)
        await app.storage
          .remove(keys)
          .catch((error: unknown) => request.log.warn({ err: error }, 'files of a deleted account not removed'));
      return { message: ACCOUNT_RIGHTS_MESSAGES.accountDeleted };
    },
  );
};
