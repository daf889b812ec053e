import { messagePreview } from '@app/shared/conversations';
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  conversationMessages,
  conversations,
  eventParticipations,
  events,
  messageImages,
  userBlocks,
  users,
} from '../../db/schema/index';

export type ConversationRow = typeof conversations.$inferSelect;

const person = alias(users, 'person');
const organizer = alias(users, 'organizer');
const assignee = alias(users, 'assignee');
const sender = alias(users, 'sender');

const nameColumns = <T extends typeof organizer | typeof assignee>(table: T) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  username: table.username,
  isBlocked: table.isBlocked,
});

/** A conversation with what its lines show: the person, the organiser, the event, the assignee. */
function withPeople(db: Executor) {
  return db
    .select({
      conversation: conversations,
      person: {
        id: person.id,
        firstName: person.firstName,
        lastName: person.lastName,
        username: person.username,
        isBlocked: person.isBlocked,
        email: person.email,
        phone: person.phone,
      },
      organizer: nameColumns(organizer),
      assignee: nameColumns(assignee),
      event: { id: events.id, title: events.title },
      // An event thread is written while its person still takes part in the event.
      participates: sql<boolean>`exists (select 1 from ${eventParticipations} p
        where p.event_id = ${conversations.eventId} and p.user_id = ${conversations.userId})`,
    })
    .from(conversations)
    .innerJoin(person, eq(person.id, conversations.userId))
    .leftJoin(organizer, eq(organizer.id, conversations.organizerId))
    .leftJoin(assignee, eq(assignee.id, conversations.assignedTo))
    .leftJoin(events, eq(events.id, conversations.eventId));
}
export type ConversationWithPeople = Awaited<ReturnType<typeof findConversation>> & {};

export async function findConversation(db: Executor, id: string) {
  const [row] = await withPeople(db).where(eq(conversations.id, id));
  return row ?? null;
}

export async function findSupportConversationId(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.kind, 'support'), eq(conversations.userId, userId)));
  return row?.id ?? null;
}

/**
 * The conversations a person is in (as the person or as the event's organiser), latest message
 * first: each side read in its index's order up to the page's end, then merged, so a busy
 * organiser's page costs its rows, not all their conversations.
 */
export async function listConversationsOf(db: Executor, userId: string, page: { limit: number; offset: number }) {
  const upTo = page.offset + page.limit + 1;
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id from (
        (select id, last_message_at from conversations where user_id = ${userId}
          order by last_message_at desc, id desc limit ${upTo})
        union all
        (select id, last_message_at from conversations where organizer_id = ${userId}
          order by last_message_at desc, id desc limit ${upTo})
      ) mine order by last_message_at desc, id desc limit ${page.limit + 1} offset ${page.offset}`),
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  return withPeople(db).where(inArray(conversations.id, ids)).orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
}

/** The support inbox ('Messagerie'), latest message first. */
export async function listSupportConversations(db: Executor, where: SQL, page: { limit: number; offset: number }) {
  return withPeople(db)
    .where(and(eq(conversations.kind, 'support'), where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** What a person has not read: their side of their conversations, and the organiser's side of their events' threads. */
export async function countUnreadOf(db: Executor, userId: string): Promise<number> {
  const [row] = rowsOf<{ total: string | number }>(
    await db.execute(sql`select
      (select coalesce(sum(user_unread), 0) from conversations where user_id = ${userId} and user_unread > 0)
      + (select coalesce(sum(other_unread), 0) from conversations
         where organizer_id = ${userId} and other_unread > 0 and organizer_id is not null) as total`),
  );
  return Number(row?.total ?? 0);
}

/** Whether the person takes part in the event. */
export async function participates(db: Executor, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(eventParticipations)
    .where(and(eq(eventParticipations.eventId, eventId), eq(eventParticipations.userId, userId)));
  return Boolean(row);
}

const imageColumns = { id: messageImages.id, width: messageImages.width, height: messageImages.height };
export type MessageImageRow = { id: string; width: number; height: number };

/** A thread's page: the `limit` messages before the message `beforeId` of the thread (or the latest), newest first. */
export async function listMessages(db: Executor, conversationId: string, limit: number, beforeId?: string) {
  return db
    .select({
      message: conversationMessages,
      sender: { firstName: sender.firstName, lastName: sender.lastName, username: sender.username },
      image: imageColumns,
    })
    .from(conversationMessages)
    .leftJoin(sender, eq(sender.id, conversationMessages.senderId))
    .leftJoin(messageImages, eq(messageImages.messageId, conversationMessages.id))
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        beforeId
          ? // The cursor's own row, not its time read into JavaScript (milliseconds; PostgreSQL keeps microseconds).
            sql`(${conversationMessages.createdAt}, ${conversationMessages.id}) < (select m.created_at, m.id
              from conversation_messages m where m.id = ${beforeId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(limit + 1);
}

export async function findMessageInThread(db: Executor, conversationId: string, id: string) {
  const [row] = await db
    .select({ createdAt: conversationMessages.createdAt, id: conversationMessages.id })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, id), eq(conversationMessages.conversationId, conversationId)));
  return row ?? null;
}

/** The conversation of `values` (support: the person's one; event: the participant's thread), made if missing. */
export async function ensureConversation(
  tx: Tx,
  values: { kind: 'support' | 'event'; userId: string; eventId?: string; organizerId?: string },
): Promise<ConversationRow> {
  const key = values.kind === 'support' ? eq(conversations.userId, values.userId) : undefined;
  await tx
    .insert(conversations)
    .values(values)
    .onConflictDoNothing(
      values.kind === 'support'
        ? { target: conversations.userId, where: sql`kind = 'support'` }
        : { target: [conversations.eventId, conversations.userId] },
    );
  const [row] = await tx
    .select()
    .from(conversations)
    .where(
      values.kind === 'support'
        ? and(eq(conversations.kind, 'support'), key)
        : and(eq(conversations.eventId, values.eventId ?? ''), eq(conversations.userId, values.userId)),
    )
    .for('update');
  if (!row) throw new Error('conversation not found after its insert');
  return row;
}

/**
 * Adds a message (and attaches its photo, found by `unsentImageOf`) and moves the conversation's
 * last message and unread counts in the same transaction: `fromUser` is the person's side (the
 * participant, or who writes to support).
 */
export async function appendMessage(
  tx: Tx,
  conversationId: string,
  message: { senderId: string; fromTeam: boolean; fromUser: boolean; text: string; image: MessageImageRow | null },
) {
  const [row] = await tx
    .insert(conversationMessages)
    .values({ conversationId, senderId: message.senderId, fromTeam: message.fromTeam, text: message.text })
    .returning();
  if (!row) throw new Error('message not inserted');
  if (message.image) {
    await tx
      .update(messageImages)
      .set({ messageId: row.id, attachedAt: sql`now()` })
      .where(eq(messageImages.id, message.image.id));
  }
  await tx
    .update(conversations)
    .set({
      lastMessageAt: row.createdAt,
      lastMessageText: messagePreview(message.text, message.image !== null).slice(0, 200),
      lastFromUser: message.fromUser,
      status: 'open',
      ...(message.fromUser
        ? { otherUnread: sql`${conversations.otherUnread} + 1` }
        : { userUnread: sql`${conversations.userUnread} + 1` }),
    })
    .where(eq(conversations.id, conversationId));
  return { message: row, image: message.image };
}

/** A photo `uploaderId` uploaded and has not sent yet, locked until the transaction ends (null otherwise). */
export async function unsentImageOf(tx: Tx, id: string, uploaderId: string): Promise<MessageImageRow | null> {
  const [row] = await tx
    .select(imageColumns)
    .from(messageImages)
    .where(
      and(
        eq(messageImages.id, id),
        eq(messageImages.uploaderId, uploaderId),
        isNull(messageImages.messageId),
        isNull(messageImages.attachedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function insertMessageImage(
  db: Executor,
  values: { id: string; uploaderId: string; width: number; height: number },
) {
  await db.insert(messageImages).values(values);
}

/**
 * Deletes up to `limit` photos without a message — never attached and uploaded before `cutoff`, or
 * whose message was deleted — and answers their ids (each deleted by one instance only).
 */
export async function deleteStaleImages(db: Executor, cutoff: Date, limit: number): Promise<string[]> {
  const stale = db
    .select({ id: messageImages.id })
    .from(messageImages)
    .where(
      and(isNull(messageImages.messageId), or(sql`${messageImages.attachedAt} is not null`, lt(messageImages.createdAt, cutoff))),
    )
    .orderBy(messageImages.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.delete(messageImages).where(inArray(messageImages.id, stale)).returning({ id: messageImages.id });
  return rows.map((row) => row.id);
}

export async function updateConversation(
  db: Executor,
  id: string,
  values: {
    [K in 'status' | 'assignedTo' | 'userUnread' | 'otherUnread']?: ConversationRow[K] | SQL;
  },
) {
  const [row] = await db.update(conversations).set(values).where(eq(conversations.id, id)).returning();
  return row ?? null;
}

/** Whether either of the two blocked the other. */
export async function blockedBetween(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Among `others`, who is blocked by `userId` ('byMe') or blocked `userId` ('byThem'; 'byMe' wins when both). */
export async function blocksAmong(db: Executor, userId: string, others: string[]): Promise<Map<string, 'byMe' | 'byThem'>> {
  if (others.length === 0) return new Map();
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, others)),
        and(eq(userBlocks.blockedId, userId), inArray(userBlocks.blockerId, others)),
      ),
    );
  const blocks = new Map<string, 'byMe' | 'byThem'>();
  for (const row of rows) {
    if (row.blockerId === userId) blocks.set(row.blockedId, 'byMe');
    else if (!blocks.has(row.blockerId)) blocks.set(row.blockerId, 'byThem');
  }
  return blocks;
}

export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}
