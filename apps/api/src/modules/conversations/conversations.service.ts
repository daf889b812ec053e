import { pageWindow } from '../../db/page-window';
import {
  CONVERSATION_MESSAGES as M,
  CONVERSATIONS_PAGE_SIZE,
  type ConversationMessage,
  type ConversationSummary,
  type ConversationsResponse,
  MESSAGES_PAGE_SIZE,
  type SendMessageInput,
  type SentMessageResponse,
  type StartEventConversationInput,
  type ThreadResponse,
} from '@app/shared/conversations';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { events, users } from '../../db/schema/index';
import { displayName } from '../../lib/display-name';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { RealtimeHub } from '../../plugins/realtime';
import {
  appendMessage,
  blocksAmong,
  blockedBetween,
  type ConversationWithPeople,
  countUnreadOf,
  deleteBlock,
  ensureConversation,
  findConversation,
  findMessageInThread,
  findSupportConversationId,
  insertBlock,
  listConversationsOf,
  listMessages,
  participates,
  unsentImageOf,
  updateConversation,
} from './conversations.repository';
import { messageImageView } from './message-images.service';

/*
 * The people's side of conversations (decision 063): support, and the threads between an event's
 * participant and its organiser. Every write tells the screens concerned after it commits.
 */

export interface ConversationsDeps {
  db: Database;
  realtime: RealtimeHub;
}

export const TEAM_NAME = 'L’équipe';
const GONE = 'Compte supprimé';

type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

/** A message as `reader` sees it (`team`: read in 'Messagerie', where the team's messages are its own). */
export function messageView(row: MessageRow, reader: { id: string; team?: boolean }): ConversationMessage {
  const { message, sender, image } = row;
  return {
    _id: message.id,
    text: message.text,
    mine: reader.team ? message.fromTeam : message.senderId === reader.id,
    author: message.fromTeam ? TEAM_NAME : sender ? displayName(sender) : GONE,
    fromTeam: message.fromTeam,
    image: image ? messageImageView(image) : null,
    createdAt: message.createdAt.toISOString(),
  };
}

/**
 * Adds a message in the caller's transaction, with its photo when it has one: a photo its author
 * uploaded and has not sent yet (anyone else's, or one already sent, answers 404 as an unknown
 * one, and nothing is stored).
 */
export async function addMessage(
  tx: Tx,
  conversationId: string,
  message: { senderId: string; fromTeam: boolean; fromUser: boolean } & SendMessageInput,
) {
  const image = message.imageId ? await unsentImageOf(tx, message.imageId, message.senderId) : null;
  if (message.imageId && !image) throw notFound(M.imageNotFound);
  return appendMessage(tx, conversationId, { ...message, image });
}

/** Whether `readerId` is the person (else the organiser) of a conversation they are in. */
const isPersonSide = (row: ConversationWithPeople, readerId: string) => row.conversation.userId === readerId;

function summaryView(row: ConversationWithPeople, readerId: string, blocks: Map<string, 'byMe' | 'byThem'>): ConversationSummary {
  const { conversation, person, organizer, event } = row;
  const personSide = isPersonSide(row, readerId);
  const other =
    conversation.kind === 'support'
      ? { _id: null, name: TEAM_NAME }
      : personSide
        ? { _id: organizer?.id ?? null, name: organizer ? displayName(organizer) : GONE }
        : { _id: person.id, name: displayName(person) };
  const otherAccount = personSide ? organizer : person;
  const canWrite =
    conversation.kind === 'support' ||
    (otherAccount?.id != null && !otherAccount.isBlocked && !blocks.has(otherAccount.id) && event !== null && row.participates);
  return {
    _id: conversation.id,
    kind: conversation.kind,
    with: other,
    event: event ? { _id: event.id, title: event.title } : null,
    status: conversation.status,
    lastMessageText: conversation.lastMessageText,
    lastMessageAt: conversation.lastMessageAt.toISOString(),
    unread: personSide ? conversation.userUnread : conversation.otherUnread,
    canWrite,
    blockedByMe: otherAccount?.id != null && conversation.kind === 'event' && blocks.get(otherAccount.id) === 'byMe',
  };
}

/** The other person of an event thread (null for support). */
const otherOf = (row: ConversationWithPeople, readerId: string) =>
  row.conversation.kind === 'support'
    ? null
    : isPersonSide(row, readerId)
      ? row.conversation.organizerId
      : row.conversation.userId;

async function summaryFor(deps: ConversationsDeps, row: ConversationWithPeople, readerId: string) {
  const other = otherOf(row, readerId);
  return summaryView(row, readerId, await blocksAmong(deps.db, readerId, other ? [other] : []));
}

export async function myConversations(deps: ConversationsDeps, userId: string, page: number): Promise<ConversationsResponse> {
  const limit = CONVERSATIONS_PAGE_SIZE;
  const [rows, unread] = await Promise.all([
    listConversationsOf(deps.db, userId, pageWindow({ page, limit })),
    countUnreadOf(deps.db, userId),
  ]);
  const shown = rows.slice(0, limit);
  const others = shown.map((row) => otherOf(row, userId)).filter((id): id is string => id !== null);
  const blocks = await blocksAmong(deps.db, userId, others);
  return { items: shown.map((row) => summaryView(row, userId, blocks)), hasMore: rows.length > limit, unread };
}

export async function unreadMessages(deps: ConversationsDeps, userId: string): Promise<number> {
  return countUnreadOf(deps.db, userId);
}

/** A conversation `userId` is in (else 404, as an unknown one: nobody learns it exists). */
async function conversationOf(deps: ConversationsDeps, userId: string, id: string): Promise<ConversationWithPeople> {
  const row = await findConversation(deps.db, id);
  if (!row || (row.conversation.userId !== userId && row.conversation.organizerId !== userId)) throw notFound(M.notFound);
  return row;
}

/** A page of messages, oldest first, and whether older ones remain. */
export async function threadPage(deps: Pick<ConversationsDeps, 'db'>, conversationId: string, before: string | undefined) {
  const cursor = before ? await findMessageInThread(deps.db, conversationId, before) : undefined;
  if (before && !cursor) throw notFound('Message introuvable dans cette conversation');
  const rows = await listMessages(deps.db, conversationId, MESSAGES_PAGE_SIZE, cursor?.id);
  return { rows: rows.slice(0, MESSAGES_PAGE_SIZE).reverse(), hasOlder: rows.length > MESSAGES_PAGE_SIZE };
}

export async function myThread(
  deps: ConversationsDeps,
  userId: string,
  id: string,
  before: string | undefined,
): Promise<ThreadResponse> {
  const row = await conversationOf(deps, userId, id);
  const page = await threadPage(deps, id, before);
  return {
    conversation: await summaryFor(deps, row, userId),
    messages: page.rows.map((message) => messageView(message, { id: userId })),
    hasOlder: page.hasOlder,
  };
}

/** My support conversation, or null before my first message to the team. */
export async function mySupportThread(deps: ConversationsDeps, userId: string, before?: string): Promise<ThreadResponse | null> {
  const id = await findSupportConversationId(deps.db, userId);
  return id ? myThread(deps, userId, id, before) : null;
}

/** Marks my side of a conversation read; my other screens hear it. */
export async function readConversation(deps: ConversationsDeps, userId: string, id: string, upTo?: string): Promise<number> {
  const row = await conversationOf(deps, userId, id);
  if (upTo && !(await findMessageInThread(deps.db, id, upTo))) throw notFound('Message introuvable dans cette conversation');
  // What came from the other side after the last message shown stays unread.
  const unread = upTo
    ? sql`(select count(*)::int from conversation_messages m
      where m.conversation_id = ${id} and m.sender_id is distinct from ${userId}::uuid
        and (m.created_at, m.id) > (select c.created_at, c.id from conversation_messages c where c.id = ${upTo}::uuid))`
    : 0;
  await updateConversation(deps.db, id, isPersonSide(row, userId) ? { userUnread: unread } : { otherUnread: unread });
  await deps.realtime.tell([userId], { type: 'conversation', conversationId: id });
  return countUnreadOf(deps.db, userId);
}

/** Refuses a message between two people when either blocked the other or the other's account is blocked or gone. */
async function assertMayWrite(deps: ConversationsDeps, authorId: string, otherId: string | null) {
  if (!otherId) throw notFound(M.userNotFound);
  const [other] = await deps.db.select({ isBlocked: users.isBlocked }).from(users).where(eq(users.id, otherId));
  if (!other || other.isBlocked) throw notFound(M.userNotFound);
  if (await blockedBetween(deps.db, authorId, otherId)) throw forbidden(M.blocked);
}

async function sent(
  deps: ConversationsDeps,
  conversationId: string,
  added: Awaited<ReturnType<typeof appendMessage>>,
  author: Awaited<ReturnType<typeof authorOf>>,
  tell: string[],
): Promise<SentMessageResponse> {
  await deps.realtime.tell(tell, { type: 'conversation', conversationId });
  return {
    message: M.sent,
    conversationId,
    sent: messageView({ ...added, sender: author }, { id: author.id }),
  };
}

async function authorOf(deps: ConversationsDeps, userId: string) {
  const [author] = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!author) throw notFound(M.userNotFound);
  return author;
}

/** A message to the team: my support conversation (made, or opened again, as needed). */
export async function writeToSupport(
  deps: ConversationsDeps,
  userId: string,
  input: SendMessageInput,
): Promise<SentMessageResponse> {
  const author = await authorOf(deps, userId);
  const { conversation, message } = await deps.db.transaction(async (tx) => {
    const conversation = await ensureConversation(tx, { kind: 'support', userId });
    const message = await addMessage(tx, conversation.id, { senderId: userId, fromTeam: false, fromUser: true, ...input });
    return { conversation, message };
  });
  await deps.realtime.tellSupport();
  return sent(deps, conversation.id, message, author, [userId]);
}

/**
 * A message about an event: a participant to its organiser, or the organiser to one of its
 * participants (`participantId`); the thread is made on the first message.
 */
export async function writeAboutEvent(
  deps: ConversationsDeps,
  authorId: string,
  eventId: string,
  input: StartEventConversationInput,
): Promise<SentMessageResponse> {
  const [event] = await deps.db
    .select({ id: events.id, organizerId: events.organizerId })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw notFound(M.eventNotFound);
  const organizerWrites = event.organizerId === authorId;
  let participantId: string;
  if (organizerWrites) {
    if (!input.participantId)
      throw new AppError('VALIDATION_ERROR', M.notParticipantOfYours, { participantId: [M.notParticipantOfYours] });
    if (input.participantId === authorId) throw new AppError('BAD_REQUEST', M.ownEvent);
    if (!(await participates(deps.db, eventId, input.participantId))) throw notFound(M.notParticipantOfYours);
    participantId = input.participantId;
  } else {
    if (!(await participates(deps.db, eventId, authorId))) throw forbidden(M.notParticipant);
    if (!event.organizerId) throw new AppError('CONFLICT', M.noOrganizer);
    participantId = authorId;
  }
  const organizerId = event.organizerId as string;
  await assertMayWrite(deps, authorId, organizerWrites ? participantId : organizerId);
  const author = await authorOf(deps, authorId);
  const { conversation, message } = await deps.db.transaction(async (tx) => {
    const conversation = await ensureConversation(tx, { kind: 'event', userId: participantId, eventId, organizerId });
    const message = await addMessage(tx, conversation.id, {
      senderId: authorId,
      fromTeam: false,
      fromUser: !organizerWrites,
      text: input.text,
      imageId: input.imageId,
    });
    return { conversation, message };
  });
  return sent(deps, conversation.id, message, author, [participantId, organizerId]);
}

/** A message in a conversation I am in. */
export async function writeInConversation(
  deps: ConversationsDeps,
  authorId: string,
  id: string,
  input: SendMessageInput,
): Promise<SentMessageResponse> {
  const row = await conversationOf(deps, authorId, id);
  if (row.conversation.kind === 'support') return writeToSupport(deps, authorId, input);
  if (!row.event) throw notFound(M.eventNotFound);
  return writeAboutEvent(deps, authorId, row.event.id, {
    ...input,
    participantId: isPersonSide(row, authorId) ? undefined : row.conversation.userId,
  });
}

/** I block someone: neither of us writes to the other any more. */
export async function blockPerson(deps: ConversationsDeps, userId: string, otherId: string): Promise<void> {
  if (otherId === userId) throw new AppError('BAD_REQUEST', M.cannotBlockSelf);
  const [other] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, otherId));
  if (!other) throw notFound(M.userNotFound);
  await insertBlock(deps.db, userId, otherId);
}

export async function unblockPerson(deps: ConversationsDeps, userId: string, otherId: string): Promise<void> {
  await deleteBlock(deps.db, userId, otherId);
}
