import { Readable } from 'node:stream';
import { ACCOUNT_RIGHTS_MESSAGES } from '@app/shared/account';
import { doualaDate } from '@app/shared/douala-time';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import {
  eventComments,
  eventLikes,
  eventParticipations,
  events,
  referralSignups,
  referralStats,
  rewardGrants,
  pushSubscriptions,
  sessions,
  users,
} from '../../db/schema/index';
import { AppError, unauthorized } from '../../lib/errors';

/** Rows read per query: the export holds one page in memory, whatever the account's size. */
export const EXPORT_PAGE_SIZE = 500;
/** Exports per account an hour ('Télécharger mes données' a few times, not a scraper). */
export const EXPORTS_PER_HOUR = 3;

/** The account's own columns: no password hash, no code, no token, no counter of failures. */
const accountColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  phone: users.phone,
  phoneVerified: users.phoneVerified,
  avatar: users.avatar,
  address: users.address,
  city: users.city,
  role: users.role,
  plan: users.plan,
  premiumUntil: users.premiumUntil,
  referralCode: users.referralCode,
  referredByCode: users.referredByCode,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLogin: users.lastLogin,
};

/** The account's events as their organiser: no share token (it opens a private page). */
const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  status: events.status,
  isPublic: events.isPublic,
  category: events.category,
  tags: events.tags,
  startDateTime: events.startDateTime,
  endDateTime: events.endDateTime,
  address: events.address,
  city: events.city,
  country: events.country,
  latitude: events.latitude,
  longitude: events.longitude,
  maxParticipants: events.maxParticipants,
  participantsCount: events.participantsCount,
  commentsCount: events.commentsCount,
  likesCount: events.likesCount,
  viewsCount: events.viewsCount,
  cancellationMessage: events.cancellationMessage,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};

/**
 * Every row of one query, page after page by a unique key (keyset): `page(after)` reads the
 * rows whose key is after `after`, in key order; `keyOf` gives a row's key.
 */
async function* pages<Row>(page: (after: string | null) => Promise<Row[]>, keyOf: (row: Row) => string): AsyncGenerator<Row> {
  let after: string | null = null;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}

const afterKey = (column: PgColumn, after: string | null): SQL | undefined => (after === null ? undefined : gt(column, after));

/** A JSON array of a row stream, one row per line, written as it is read. */
async function* jsonArray<Row>(rows: AsyncGenerator<Row>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}    ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']' : '\n  ]';
}

/**
 * The export, as pieces of one JSON document: the account, its sessions, its events, its
 * participations, comments and likes, and its referrals and rewards. Only the caller's rows,
 * and of other people nothing but what the caller saw (an event's title): the accounts it
 * referred are counted, never named (their contacts are theirs).
 */
export async function* exportDocument(db: Database, userId: string, now: Date): AsyncGenerator<string> {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) return;
  const ownSessions = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt))
    .limit(1000);
  const [stats] = await db
    .select({
      clicks: referralStats.clicks,
      waitlistSignups: referralStats.waitlistSignups,
      accountSignups: referralStats.accountSignups,
    })
    .from(referralStats)
    .where(eq(referralStats.userId, userId));
  yield `{\n  "format": "evenements-cameroun.export.v1",\n  "exportedAt": ${JSON.stringify(now.toISOString())},\n`;
  yield `  "account": ${JSON.stringify(account)},\n`;
  yield `  "sessions": ${JSON.stringify(ownSessions)},\n`;
  // The devices with push on: their name and dates (the push service's address and keys are the browser's, not the person's words).
  const pushDevices = await db
    .select({
      label: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastUsedAt: pushSubscriptions.lastUsedAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt))
    .limit(1000);
  yield `  "pushDevices": ${JSON.stringify(pushDevices)},\n`;

  yield '  "events": ';
  yield* jsonArray(
    pages(
      (after) =>
        db
          .select(eventColumns)
          .from(events)
          .where(and(eq(events.organizerId, userId), afterKey(events.id, after)))
          .orderBy(asc(events.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    ),
  );
  yield ',\n  "participations": ';
  yield* jsonArray(
    pages(
      (after) =>
        db
          .select({ eventId: eventParticipations.eventId, eventTitle: events.title, joinedAt: eventParticipations.createdAt })
          .from(eventParticipations)
          .innerJoin(events, eq(events.id, eventParticipations.eventId))
          .where(and(eq(eventParticipations.userId, userId), afterKey(eventParticipations.eventId, after)))
          .orderBy(asc(eventParticipations.eventId))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.eventId,
    ),
  );
  yield ',\n  "comments": ';
  yield* jsonArray(
    pages(
      (after) =>
        db
          .select({
            id: eventComments.id,
            eventId: eventComments.eventId,
            eventTitle: events.title,
            text: eventComments.text,
            createdAt: eventComments.createdAt,
          })
          .from(eventComments)
          .innerJoin(events, eq(events.id, eventComments.eventId))
          .where(and(eq(eventComments.userId, userId), afterKey(eventComments.id, after)))
          .orderBy(asc(eventComments.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    ),
  );
  yield ',\n  "likes": ';
  yield* jsonArray(
    pages(
      (after) =>
        db
          .select({ eventId: eventLikes.eventId, eventTitle: events.title, likedAt: eventLikes.createdAt })
          .from(eventLikes)
          .innerJoin(events, eq(events.id, eventLikes.eventId))
          .where(and(eq(eventLikes.userId, userId), afterKey(eventLikes.eventId, after)))
          .orderBy(asc(eventLikes.eventId))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.eventId,
    ),
  );
  yield `,\n  "referrals": {\n    "code": ${JSON.stringify(account.referralCode)},\n    "referredByCode": ${JSON.stringify(account.referredByCode)},\n`;
  yield `    "counts": ${JSON.stringify(stats ?? { clicks: 0, waitlistSignups: 0, accountSignups: 0 })},\n    "signups": `;
  // The people referred: when and how, never who (their name and contacts are theirs).
  yield* jsonArray(
    pages(
      (after) =>
        db
          .select({ id: referralSignups.id, kind: referralSignups.kind, createdAt: referralSignups.createdAt })
          .from(referralSignups)
          .where(and(eq(referralSignups.referrerId, userId), afterKey(referralSignups.id, after)))
          .orderBy(asc(referralSignups.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    ),
  );
  const rewards = await db
    .select({
      rewardType: rewardGrants.rewardType,
      rewardValue: rewardGrants.rewardValue,
      status: rewardGrants.status,
      grantedAt: rewardGrants.grantedAt,
      decidedAt: rewardGrants.decidedAt,
    })
    .from(rewardGrants)
    .where(eq(rewardGrants.userId, userId))
    .orderBy(asc(rewardGrants.grantedAt))
    .limit(1000);
  yield `,\n    "rewards": ${JSON.stringify(rewards)}\n  }\n}\n`;
}

/** `mes-donnees-2026-11-26.json`: the day in Douala. */
export function exportFileName(now: Date): string {
  return `mes-donnees-${doualaDate(now)}.json`;
}

/**
 * 'Télécharger mes données' (issue 27 item 8, decision 048): the account's data as one JSON
 * file, streamed page by page so a large account costs no more memory than a small one.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const exportsPerHour = app.createRateLimit({
    max: EXPORTS_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `data-export:${request.user?.id ?? request.ip}`,
  });

  app.get(
    '/users/me/export',
    {
      config: { access: 'authenticated' },
      preHandler: async (request, reply) => {
        const state = await exportsPerHour(request);
        if (!state.isAllowed && state.isExceeded) {
          reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
          throw new AppError('RATE_LIMITED', ACCOUNT_RIGHTS_MESSAGES.exportLimit);
        }
      },
      schema: {
        tags: ['account'],
        summary: 'Télécharger mes données : un fichier JSON du compte et de ce qui s’y rattache',
        produces: ['application/json'],
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const now = new Date();
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
        .send(Readable.from(exportDocument(app.db, request.user.id, now)));
    },
  );
};
