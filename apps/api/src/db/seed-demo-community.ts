import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toE164 } from '@app/shared/phone';
import { usernameSkeletons } from '@app/shared/username-skeleton';
import {
  activities,
  eventComments,
  eventLikes,
  eventParticipations,
  events,
  eventViews,
  userReports,
  users,
} from './schema/index';

/** The community's members: first name, last name, username (e-mail `{username}@membres.exemple.cm`), phone. */
export const DEMO_MEMBERS = [
  ['Awa', 'Ngono', 'awa_ngono', '677 21 00 01'],
  ['Jean-Pierre', 'Mbarga', 'jp_mbarga', '699 21 00 02'],
  ['Mireille', 'Fotso', 'mireille_f', '655 21 00 03'],
  ['Samuel', 'Etoo', 'sam_etoo', '670 21 00 04'],
  ['Brenda', 'Tchoupo', 'brenda_t', '691 21 00 05'],
  ['Christian', 'Kamga', 'kamga_c', '678 21 00 06'],
  ['Nadège', 'Atangana', 'nadege_a', '656 21 00 07'],
  ['Hervé', 'Nkoulou', 'herve_nk', '672 21 00 08'],
  ['Sandrine', 'Mvondo', 'sandrine_m', '694 21 00 09'],
  ['Rodrigue', 'Wandji', 'rodrigue_w', '675 21 00 12'],
] as const;

const COMMENTS = [
  'Hâte d’y être, on vient en famille !',
  'L’an dernier c’était magnifique.',
  'Est-ce qu’il y a un parking à côté ?',
  'Je partage avec mes amis de Bonamoussadi.',
  'Merci aux organisateurs !',
];

const DAY_MS = 86_400_000;

/**
 * The living community of the demo: members, participations, comments, likes, views,
 * their activities and a few open reports. Counters are then set from the rows. Idempotent:
 * members by e-mail, pairs by primary key, comments and reports only when none exist yet.
 */
export async function seedDemoCommunity(app: FastifyInstance, passwordHash: string): Promise<void> {
  const db = app.db;
  await db
    .insert(users)
    .values(
      DEMO_MEMBERS.map(([firstName, lastName, username, phone], index) => ({
        firstName,
        lastName,
        username,
        usernameSkeletons: usernameSkeletons(username),
        email: `${username}@membres.exemple.cm`,
        phone: toE164(phone),
        passwordHash,
        isVerified: index !== 7,
        plan: index % 4 === 0 ? ('premium' as const) : ('freemium' as const),
        createdAt: new Date(Date.now() - (index + 1) * 3 * DAY_MS),
        lastLogin: index === 7 ? null : new Date(Date.now() - index * 3600_000),
      })),
    )
    .onConflictDoNothing();
  const members = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_MEMBERS.map(([, , username]) => `${username}@membres.exemple.cm`),
      ),
    );
  const published = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(eq(events.status, 'published'))
    .orderBy(events.createdAt);
  if (members.length === 0 || published.length === 0) return;
  const quote = (title: string) => `« ${title} »`;

  const firstRun = (await db.select({ id: eventComments.id }).from(eventComments).limit(1)).length === 0;
  for (const [e, event] of published.entries()) {
    const crowd = members.slice(0, Math.max(2, members.length - e * 2));
    await db
      .insert(eventParticipations)
      .values(crowd.map((m) => ({ eventId: event.id, userId: m.id })))
      .onConflictDoNothing();
    await db
      .insert(eventLikes)
      .values(crowd.filter((_, i) => i % 2 === 0).map((m) => ({ eventId: event.id, userId: m.id })))
      .onConflictDoNothing();
    await db
      .insert(eventViews)
      .values(
        Array.from({ length: 15 + (published.length - e) * 12 }, (_, i) => ({
          eventId: event.id,
          viewer: `a:demo-${i}`,
          day: new Date(Date.now() - (i % 7) * DAY_MS).toISOString().slice(0, 10),
        })),
      )
      .onConflictDoNothing();
    if (!firstRun) continue;
    await db.insert(activities).values(
      crowd.flatMap((m, i) => [
        {
          userId: m.id,
          type: 'event' as const,
          eventId: event.id,
          description: `Participe à l’évènement ${quote(event.title)}`,
        },
        ...(i % 2 === 0
          ? [
              {
                userId: m.id,
                type: 'like' as const,
                eventId: event.id,
                description: `A aimé l’évènement ${quote(event.title)}`,
              },
            ]
          : []),
      ]),
    );
    for (const [c, text] of COMMENTS.slice(0, 3 + (e % 3)).entries()) {
      const author = crowd[(c * 3 + e) % crowd.length];
      if (!author) continue;
      const [comment] = await db
        .insert(eventComments)
        .values({ eventId: event.id, userId: author.id, text, createdAt: new Date(Date.now() - (c + 1) * 5 * 3600_000) })
        .returning();
      if (comment) {
        await db.insert(activities).values({
          userId: author.id,
          type: 'comment',
          eventId: event.id,
          commentId: comment.id,
          description: `A commenté l’évènement ${quote(event.title)}`,
          createdAt: comment.createdAt,
        });
      }
    }
  }

  // A few open reports: Rodrigue twice, Hervé once.
  const byName = new Map(members.map((m) => [m.username, m.id]));
  const pairs = [
    ['awa_ngono', 'rodrigue_w', 'harassment', 'Messages insistants après le concert.'],
    ['mireille_f', 'rodrigue_w', 'spam', null],
    ['brenda_t', 'herve_nk', 'fake_account', 'Se fait passer pour un organisateur.'],
  ] as const;
  if (firstRun) {
    for (const [from, to, reason, details] of pairs) {
      const reporterId = byName.get(from);
      const targetId = byName.get(to);
      if (reporterId && targetId)
        await db.insert(userReports).values({ reporterId, targetId, subjectId: targetId, reason, details }).onConflictDoNothing();
    }
  }

  // Counters from the rows, as the API keeps them.
  await db.execute(sql`
    update ${events} set
      participants_count = (select count(*) from ${eventParticipations} p where p.event_id = ${events.id}),
      likes_count = (select count(*) from ${eventLikes} l where l.event_id = ${events.id}),
      comments_count = (select count(*) from ${eventComments} c where c.event_id = ${events.id}),
      views_count = (select count(*) from ${eventViews} v where v.event_id = ${events.id})`);
  await db
    .update(users)
    .set({
      openReportsCount: sql`(select count(*) from ${userReports} r where r.target_id = ${users.id} and r.status = 'open')`,
    })
    .where(
      and(
        eq(users.role, 'user'),
        inArray(
          users.id,
          members.map((m) => m.id),
        ),
      ),
    );
}
