import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ConversationsResponse, ThreadResponse } from '@app/shared/conversations';
import { auditLog, conversationMessages, conversations, userNotifications } from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { tokenFor } from '../../../test/factories';
import { type As, createEvent, type Identity, request, signedIn, testAppForFile } from '../../../test/helper';

/**
 * Conversations (issue 29, decision 063): a person with the team, a participant with an event's
 * organiser; blocks; 'Messagerie'; the real-time stream that tells the open screens.
 */
const testApp = testAppForFile(() => buildTestApp());

const join = async (eventId: string, as: As) =>
  expect((await request(testApp.app, 'POST', `/api/events/${eventId}/participants`, as)).statusCode).toBe(200);

async function ok<T>(response: Awaited<ReturnType<typeof request>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const listOf = async (as: Identity) => ok<ConversationsResponse>(await request(testApp.app, 'GET', '/api/conversations', as));
const threadOf = async (as: Identity, id: string) =>
  ok<ThreadResponse>(await request(testApp.app, 'GET', `/api/conversations/${id}`, as));

async function eventWithParticipant() {
  const { app } = testApp;
  const organizer = await signedIn(app, { firstName: 'Odile', lastName: 'Manga' });
  const participant = await signedIn(app, { firstName: 'Paul', lastName: 'Etoa' });
  const event = await createEvent(app, organizer, { title: 'Festival Ngondo' });
  await join(event._id, participant);
  return { organizer, participant, event };
}

describe('a participant and an organiser', () => {
  it('write to each other about one event, each sees the other’s name, the unread count and the thread', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const first = await ok<{ conversationId: string; sent: { text: string; mine: boolean; author: string } }>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, {
        text: '  Bonjour, y a-t-il un parking ?  ',
      }),
      201,
    );
    expect(first.sent).toMatchObject({ text: 'Bonjour, y a-t-il un parking ?', mine: true, author: 'Paul Etoa' });

    let organizerList = await listOf(organizer);
    expect(organizerList.unread).toBe(1);
    expect(organizerList.items).toEqual([
      expect.objectContaining({
        _id: first.conversationId,
        kind: 'event',
        with: { _id: participant.user.id, name: 'Paul Etoa' },
        event: { _id: event._id, title: 'Festival Ngondo' },
        lastMessageText: 'Bonjour, y a-t-il un parking ?',
        unread: 1,
        canWrite: true,
      }),
    ]);

    // The organiser answers in the same thread; the participant's second message goes to it too.
    await ok(
      await request(app, 'POST', `/api/conversations/${first.conversationId}/messages`, organizer, { text: 'Oui, gratuit.' }),
      201,
    );
    const again = await ok<{ conversationId: string }>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Merci !' }),
      201,
    );
    expect(again.conversationId).toBe(first.conversationId);

    const thread = await threadOf(participant, first.conversationId);
    expect(thread.messages.map((message) => [message.author, message.text, message.mine])).toEqual([
      ['Paul Etoa', 'Bonjour, y a-t-il un parking ?', true],
      ['Odile Manga', 'Oui, gratuit.', false],
      ['Paul Etoa', 'Merci !', true],
    ]);
    expect(thread.conversation.with).toEqual({ _id: organizer.user.id, name: 'Odile Manga' });
    expect(thread.conversation.unread).toBe(1);

    // Read up to the first message shown: the organiser's answer, after it, stays unread.
    const [firstShown] = thread.messages;
    const partly = await ok<{ unread: number }>(
      await request(app, 'PUT', `/api/conversations/${first.conversationId}/read`, participant, { upTo: firstShown?._id }),
    );
    expect(partly.unread).toBe(1);
    const read = await ok<{ unread: number }>(
      await request(app, 'PUT', `/api/conversations/${first.conversationId}/read`, participant, {
        upTo: thread.messages.at(-1)?._id,
      }),
    );
    expect(read.unread).toBe(0);
    organizerList = await listOf(organizer);
    expect(organizerList.unread).toBe(2);
  });

  it('lets the organiser start a thread with one of their participants, and nobody else', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const stranger = await signedIn(app);

    const started = await request(app, 'POST', `/api/events/${event._id}/conversations`, organizer, {
      text: 'Votre billet est prêt.',
      participantId: participant.user.id,
    });
    expect(started.statusCode, started.body).toBe(201);
    expect((await listOf(participant)).items[0]).toMatchObject({ unread: 1, with: { name: 'Odile Manga' } });

    const notTheirs = await request(app, 'POST', `/api/events/${event._id}/conversations`, organizer, {
      text: 'Bonjour',
      participantId: stranger.user.id,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Cette personne ne participe pas à votre événement');

    const outsider = await request(app, 'POST', `/api/events/${event._id}/conversations`, stranger, { text: 'Bonjour' });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe('Seuls les participants de cet événement peuvent écrire à son organisateur');

    // Someone else's conversation is unknown to a stranger.
    const id = started.json().conversationId;
    for (const [method, url, body] of [
      ['GET', `/api/conversations/${id}`, undefined],
      ['POST', `/api/conversations/${id}/messages`, { text: 'Intrus' }],
      ['PUT', `/api/conversations/${id}/read`, undefined],
    ] as const) {
      const response = await request(app, method, url, stranger, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Conversation introuvable');
    }
    expect(await app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, id))).toHaveLength(1);

    // A participant who leaves keeps the thread to read, and nobody writes in it any more.
    expect((await request(app, 'DELETE', `/api/events/${event._id}/participants/me`, participant)).statusCode).toBe(200);
    expect((await threadOf(participant, id)).conversation.canWrite).toBe(false);
    expect((await threadOf(organizer, id)).conversation.canWrite).toBe(false);
  });

  it('refuses empty, over-long and HTML-looking messages as text, and stores nothing for a refusal', async () => {
    const { app } = testApp;
    const { participant, event } = await eventWithParticipant();
    const url = `/api/events/${event._id}/conversations`;
    const empty = await request(app, 'POST', url, participant, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.text).toEqual(['Le message ne peut pas être vide']);
    const long = await request(app, 'POST', url, participant, { text: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.text).toEqual(['Le message doit contenir au plus 2000 caractères']);
    const control = await request(app, 'POST', url, participant, { text: 'bip\u0007' });
    expect(control.statusCode).toBe(400);
    expect(control.json().code).toBe('CONTROL_CHARACTERS');
    const [before] = await app.db.select().from(conversations).where(eq(conversations.eventId, event._id));
    expect(before).toBeUndefined();

    const reversed = await request(app, 'POST', url, participant, { text: 'Voir https://exemple.cm/\u202Egnp.exe' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors.text).toEqual(['Le message contient des caractères qui inversent le sens du texte']);

    const html = '<script>alert(1)</script> <b>gras</b>';
    const sent = await ok<{ sent: { text: string } }>(await request(app, 'POST', url, participant, { text: html }), 201);
    // Kept as it was written; the screens show it as text.
    expect(sent.sent.text).toBe(html);
  });
});

describe('blocking', () => {
  it('stops both ways with a French message, and nothing is stored; unblocking lets them write again', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const first = await ok<{ conversationId: string }>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Bonjour' }),
      201,
    );
    const blocked = await request(app, 'PUT', `/api/users/me/blocks/${participant.user.id}`, organizer);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().message).toBe('Cette personne est bloquée : elle ne peut plus vous écrire');

    for (const [as, url, body] of [
      [participant, `/api/conversations/${first.conversationId}/messages`, { text: 'Encore moi' }],
      [participant, `/api/events/${event._id}/conversations`, { text: 'Encore moi' }],
      [organizer, `/api/conversations/${first.conversationId}/messages`, { text: 'Et moi' }],
    ] as const) {
      const refused = await request(app, 'POST', url, as, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('Vous ne pouvez pas écrire à cette personne');
    }
    expect((await threadOf(participant, first.conversationId)).messages).toHaveLength(1);
    expect((await listOf(participant)).items[0]).toMatchObject({ canWrite: false, blockedByMe: false });
    expect((await listOf(organizer)).items[0]).toMatchObject({ canWrite: false, blockedByMe: true });

    const self = await request(app, 'PUT', `/api/users/me/blocks/${organizer.user.id}`, organizer);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Vous ne pouvez pas vous bloquer vous-même');

    await ok(await request(app, 'DELETE', `/api/users/me/blocks/${participant.user.id}`, organizer));
    await ok(
      await request(app, 'POST', `/api/conversations/${first.conversationId}/messages`, participant, { text: 'Merci' }),
      201,
    );
  });

  it('a deleted or blocked account cannot be written to (404), and the thread says so', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const first = await ok<{ conversationId: string }>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Bonjour' }),
      201,
    );
    const admin = await signedIn(app, { role: 'admin', permissions: ['manage_users'] });
    await ok(await request(app, 'PUT', `/api/users/${organizer.user.id}/block`, admin));
    const refused = await request(app, 'POST', `/api/conversations/${first.conversationId}/messages`, participant, {
      text: 'Vous êtes là ?',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Utilisateur introuvable');
    expect((await threadOf(participant, first.conversationId)).conversation.canWrite).toBe(false);
  });
});

describe('support and Messagerie', () => {
  async function supportAgent(app: FastifyInstance) {
    return signedIn(app, { role: 'admin', permissions: ['manage_chats'], firstName: 'Sandrine', lastName: 'Kamga' });
  }

  it('a person writes to the team; the team answers, assigns, closes; the person is told and writes again to reopen', async () => {
    const { app } = testApp;
    const person = await signedIn(app, { firstName: 'Brice', lastName: 'Nana', phone: '+237699112233' });
    const agent = await supportAgent(app);
    expect((await ok<{ thread: null }>(await request(app, 'GET', '/api/conversations/support', person))).thread).toBeNull();

    const sent = await ok<{ conversationId: string }>(
      await request(app, 'POST', '/api/conversations/support', person, { text: 'Je n’ai pas reçu mon code.' }),
      201,
    );
    const inbox = async (query = '') =>
      ok<{ items: { _id: string; waiting: boolean; status: string; assignedTo: unknown; unread: number }[] }>(
        await request(app, 'GET', `/api/admin/conversations${query}`, agent),
      );
    expect((await inbox('?filter=waiting')).items.map((item) => item._id)).toContain(sent.conversationId);
    expect((await inbox('?search=699112233')).items.map((item) => item._id)).toEqual([sent.conversationId]);
    expect((await inbox('?search=Brice%20Nana')).items.map((item) => item._id)).toEqual([sent.conversationId]);
    expect((await inbox('?search=personne-inconnue')).items).toEqual([]);

    const reply = await request(app, 'POST', `/api/admin/conversations/${sent.conversationId}/messages`, agent, {
      text: 'Nous vous renvoyons un code à l’instant.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().conversation).toMatchObject({
      waiting: false,
      assignedTo: { name: 'Sandrine Kamga' },
      unread: 0,
    });
    const thread = (await ok<{ thread: ThreadResponse }>(await request(app, 'GET', '/api/conversations/support', person))).thread;
    expect(thread.messages.map((message) => [message.author, message.mine])).toEqual([
      ['Brice Nana', true],
      ['L’équipe', false],
    ]);
    const [notification] = await app.db.select().from(userNotifications).where(eq(userNotifications.userId, person.user.id));
    expect(notification).toMatchObject({ kind: 'support_reply' });
    const listed = await request(app, 'GET', '/api/users/me/notifications', person);
    expect(listed.json().items[0]).toMatchObject({
      text: 'L’équipe vous a répondu : Nous vous renvoyons un code à l’instant.',
      link: '/mon-compte/messages/support',
    });

    const closed = await request(app, 'PUT', `/api/admin/conversations/${sent.conversationId}/status`, agent, {
      status: 'closed',
    });
    expect(closed.json()).toMatchObject({ message: 'Conversation fermée', conversation: { status: 'closed' } });
    expect((await inbox('?filter=closed')).items.map((item) => item._id)).toContain(sent.conversationId);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, sent.conversationId));
    expect(audit.map((row) => row.action)).toEqual(['support.close']);

    // Writing again opens the same conversation again.
    const again = await ok<{ conversationId: string }>(
      await request(app, 'POST', '/api/conversations/support', person, { text: 'Reçu, merci !' }),
      201,
    );
    expect(again.conversationId).toBe(sent.conversationId);
    expect((await inbox('?filter=waiting')).items.find((item) => item._id === sent.conversationId)).toMatchObject({
      status: 'open',
      waiting: true,
      unread: 1,
    });
  });

  it('is for manage_chats only, and a person sees only their own support thread', async () => {
    const { app } = testApp;
    const person = await signedIn(app);
    const other = await signedIn(app);
    const sent = await ok<{ conversationId: string }>(
      await request(app, 'POST', '/api/conversations/support', person, { text: 'Aide' }),
      201,
    );
    const admin = await signedIn(app, { role: 'admin', permissions: ['manage_users'] });
    expect((await request(app, 'GET', '/api/admin/conversations', admin)).statusCode).toBe(403);
    expect((await request(app, 'GET', `/api/conversations/${sent.conversationId}`, other)).statusCode).toBe(404);
    const filter = await request(app, 'GET', '/api/admin/conversations?filter=tout', await supportAgent(app));
    expect(filter.statusCode).toBe(400);
    expect(filter.json().fieldErrors.filter).toEqual(['Filtre inconnu']);
  });
});

describe('the real-time stream', () => {
  /** The test app's address, listening from the first test that needs one. */
  let listening: Promise<string> | undefined;
  const addressOf = (app: FastifyInstance) => {
    listening ??= app.listen({ port: 0, host: '127.0.0.1' });
    return listening;
  };
  it('needs Accept: text/event-stream, and a session', async () => {
    const { app } = testApp;
    const person = await signedIn(app);
    const plain = await request(app, 'GET', '/api/users/me/stream', person);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toContain('Accept: text/event-stream');
    const anonymous = await app.inject({ method: 'GET', url: '/api/users/me/stream', headers: { accept: 'text/event-stream' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells an open screen of a new message and of a notification, and ends when the account is blocked', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const address = await addressOf(app);
    const stream = await openEventStream(address, organizer.token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await expect.poll(() => stream.events.map((item) => item.event)).toEqual(['ready']);

      const sent = await ok<{ conversationId: string }>(
        await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Bonsoir' }),
        201,
      );
      await expect
        .poll(() => stream.events.slice(1))
        .toContainEqual({ event: 'conversation', data: { type: 'conversation', conversationId: sent.conversationId } });

      const admin = await signedIn(app, { role: 'admin', permissions: ['manage_users'] });
      await ok(await request(app, 'PUT', `/api/users/${organizer.user.id}/block`, admin));
      await expect.poll(stream.ended).toBe(true);

      // Signing out ends the stream of that session, not the one of the account's other device.
      const otherDevice = await tokenFor(app, participant.user);
      const [here, there] = [await openEventStream(address, participant.token), await openEventStream(address, otherDevice)];
      await expect.poll(() => here.events.length + there.events.length).toBe(2);
      await ok(await request(app, 'POST', '/api/users/logout', participant));
      await expect.poll(here.ended).toBe(true);
      expect(there.ended()).toBe(false);
      await here.close();
      await there.close();
    } finally {
      await stream.close();
    }
  });

  it('tells an open screen of the notifications a request gave, once the request succeeded', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const address = await addressOf(app);
    const [organizerStream, participantStream] = [
      await openEventStream(address, organizer.token),
      await openEventStream(address, participant.token),
    ];
    const heard = (stream: typeof organizerStream) => stream.events.filter((item) => item.event === 'notifications');
    try {
      await expect.poll(() => participantStream.events.length).toBe(1);
      // Someone joins: the organiser's bell; a refused join (twice the same person) tells nobody more.
      await join(event._id, await signedIn(app, { firstName: 'Jean' }));
      await expect.poll(() => heard(organizerStream)).toHaveLength(1);
      const refused = await request(app, 'POST', `/api/events/${event._id}/comments`, participant, { text: '' });
      expect(refused.statusCode).toBe(400);
      // The organiser cancels: every participant's bell.
      const cancelled = await request(app, 'PUT', `/api/events/${event._id}/cancel`, organizer, { message: 'Pluie' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await expect.poll(() => heard(participantStream)).toHaveLength(1);
      expect(heard(organizerStream)).toHaveLength(1);
    } finally {
      await organizerStream.close();
      await participantStream.close();
    }
  });
});
