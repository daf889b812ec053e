import { pageWindow } from '../../db/page-window';
import {
  CONVERSATION_MESSAGES as M,
  CONVERSATIONS_PAGE_SIZE,
  messagePreview,
  type SendMessageInput,
  type SupportConversation,
  type SupportInboxQuery,
  type SupportInboxResponse,
  type SupportThreadResponse,
} from '@app/shared/conversations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { conversations, users } from '../../db/schema/index';
import { phoneOrTextCondition } from '../../db/contains-condition';
import { displayName } from '../../lib/display-name';
import { notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { notifyUser } from '../user-notifications/user-notifications.writes';
import {
  type ConversationWithPeople,
  findConversation,
  listSupportConversations,
  updateConversation,
} from './conversations.repository';
import { addMessage, type ConversationsDeps, messageView, TEAM_NAME, threadPage } from './conversations.service';

/*
 * 'Messagerie' (manage_chats, decision 063): the team's support inbox. The team answers as one
 * ('L’équipe'); who handles a conversation is its assignee, and assigning, closing and opening
 * again are audited.
 */

function view(row: ConversationWithPeople): SupportConversation {
  const { conversation, person, assignee } = row;
  return {
    _id: conversation.id,
    user: { _id: person.id, name: displayName(person), email: person.email, phone: person.phone },
    status: conversation.status,
    waiting: conversation.status === 'open' && conversation.lastFromUser,
    assignedTo: assignee ? { _id: assignee.id, name: displayName(assignee) } : null,
    lastMessageText: conversation.lastMessageText,
    lastMessageAt: conversation.lastMessageAt.toISOString(),
    unread: conversation.otherUnread,
  };
}

const searched = alias(users, 'searched');

function filterOf(query: SupportInboxQuery, actorId: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.filter === 'open') conditions.push(eq(conversations.status, 'open'));
  if (query.filter === 'waiting') conditions.push(and(eq(conversations.status, 'open'), eq(conversations.lastFromUser, true)));
  if (query.filter === 'closed') conditions.push(eq(conversations.status, 'closed'));
  if (query.filter === 'mine') conditions.push(and(eq(conversations.status, 'open'), eq(conversations.assignedTo, actorId)));
  if (query.search) {
    // The person's name, username, e-mail or phone, on the accounts' trigram index.
    conditions.push(
      sql`${conversations.userId} in (select ${searched.id} from ${users} ${searched}
        where ${phoneOrTextCondition(searched.searchText, query.search)})`,
    );
  }
  return and(...conditions);
}

export async function supportInbox(
  deps: ConversationsDeps,
  actor: SessionUser,
  query: SupportInboxQuery,
): Promise<SupportInboxResponse> {
  const limit = CONVERSATIONS_PAGE_SIZE;
  const rows = await listSupportConversations(
    deps.db,
    filterOf(query, actor.id) ?? sql`true`,
    pageWindow({ page: query.page, limit }),
  );
  return { items: rows.slice(0, limit).map(view), hasMore: rows.length > limit };
}

async function supportConversation(deps: ConversationsDeps, id: string): Promise<ConversationWithPeople> {
  const row = await findConversation(deps.db, id);
  if (row?.conversation.kind !== 'support') throw notFound(M.notFound);
  return row;
}

export async function supportThread(
  deps: ConversationsDeps,
  actor: SessionUser,
  id: string,
  before: string | undefined,
): Promise<SupportThreadResponse> {
  const row = await supportConversation(deps, id);
  const page = await threadPage(deps, id, before);
  return {
    conversation: view(row),
    messages: page.rows.map((message) => messageView(message, { id: actor.id, team: true })),
    hasOlder: page.hasOlder,
  };
}

/**
 * The team answers (text, a photo uploaded by the one who answers, or both): the message, the
 * person's notification ('L’équipe vous a répondu'), the conversation assigned to whoever answers
 * if nobody had it, and read on the team's side.
 */
export async function replyToSupport(deps: ConversationsDeps, actor: SessionUser, id: string, input: SendMessageInput) {
  const row = await supportConversation(deps, id);
  const preview = messagePreview(input.text, !!input.imageId);
  const added = await deps.db.transaction(async (tx) => {
    const added = await addMessage(tx, id, { senderId: actor.id, fromTeam: true, fromUser: false, ...input });
    // Whoever answers first takes it, unless someone took it meanwhile (read in the update itself).
    await updateConversation(tx, id, {
      otherUnread: 0,
      assignedTo: sql`coalesce(${conversations.assignedTo}, ${actor.id}::uuid)`,
    });
    await notifyUser(tx, {
      userId: row.conversation.userId,
      kind: 'support_reply',
      data: { message: preview.length > 140 ? `${preview.slice(0, 139)}…` : preview },
    });
    return added;
  });
  await deps.realtime.tell([row.conversation.userId], { type: 'conversation', conversationId: id });
  await deps.realtime.tellSupport();
  const updated = await supportConversation(deps, id);
  return {
    message: M.sent,
    conversation: view(updated),
    sent: { ...messageView({ ...added, sender: null }, { id: actor.id, team: true }), author: TEAM_NAME },
  };
}

/** Assigns the conversation to me, closes it or opens it again (audited); the team's screens hear it. */
export async function changeSupportConversation(
  deps: ConversationsDeps,
  actor: SessionUser,
  id: string,
  change: { assignedTo: string } | { status: 'open' | 'closed' },
): Promise<{ message: string; conversation: SupportConversation }> {
  const row = await supportConversation(deps, id);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: conversations.status, assignedTo: conversations.assignedTo })
      .from(conversations)
      .where(eq(conversations.id, id))
      .for('update');
    const updated = await updateConversation(tx, id, { ...change, otherUnread: 0 });
    if (!updated) throw notFound(M.notFound);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'assignedTo' in change ? 'support.assign' : change.status === 'closed' ? 'support.close' : 'support.reopen',
        targetType: 'conversation',
        targetId: id,
        before,
        after: { status: updated.status, assignedTo: updated.assignedTo },
      },
    });
  });
  await deps.realtime.tellSupport();
  await deps.realtime.tell([row.conversation.userId], { type: 'conversation', conversationId: id });
  const message = 'assignedTo' in change ? M.assigned : change.status === 'closed' ? M.closed : M.reopened;
  return { message, conversation: view(await supportConversation(deps, id)) };
}
