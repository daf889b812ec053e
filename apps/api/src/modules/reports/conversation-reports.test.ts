import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ConversationReportDetail, ConversationReportsResponse } from '@app/shared/conversation-reports';
import type { ThreadResponse } from '@app/shared/conversations';
import type { Permission } from '@app/shared/permissions';
import { auditLog, userBlocks, userReports, users } from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream';
import { TEST_PASSWORD } from '../../../test/factories';
import { createEvent, type Identity, postFrom, request, signedIn, testAppForFile } from '../../../test/helper';

/**
 * Reports of a conversation (issue 29, decision 064): a participant or an organiser reports the
 * other person of their thread, the reported person's last five messages go with the report, and
 * 'Messagerie' › 'Signalées' (manage_chats) classes it or blocks the account.
 */
const testApp = testAppForFile(() => buildTestApp());

async function ok<T>(response: Awaited<ReturnType<typeof request>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const say = async (as: Identity, conversationId: string, text: string) =>
  ok(await request(testApp.app, 'POST', `/api/conversations/${conversationId}/messages`, as, { text }), 201);

/** An organiser, a participant of their event and the thread the participant opened ('Bonjour'). */
async function thread(app: FastifyInstance = testApp.app) {
  const organizer = await signedIn(app, { firstName: 'Odile', lastName: 'Manga' });
  const participant = await signedIn(app, { firstName: 'Paul', lastName: 'Etoa' });
  const event = await createEvent(app, organizer, { title: 'Festival Ngondo' });
  expect((await request(app, 'POST', `/api/events/${event._id}/participants`, participant)).statusCode).toBe(200);
  const { conversationId } = await ok<{ conversationId: string }>(
    await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Bonjour' }),
    201,
  );
  return { organizer, participant, event, conversationId };
}

const agent = (app: FastifyInstance, permissions: Permission[] = ['manage_chats']) =>
  signedIn(app, { role: 'admin', permissions, firstName: 'Sandrine', lastName: 'Kamga' });

const report = (as: Identity, conversationId: string, body: Record<string, unknown> = { reason: 'harassment' }) =>
  request(testApp.app, 'POST', `/api/conversations/${conversationId}/reports`, as, body);

const openReportsOf = async (userId: string) =>
  (await testApp.app.db.select({ n: users.openReportsCount }).from(users).where(eq(users.id, userId)))[0]?.n;

describe('reporting a conversation', () => {
  it('keeps the reported person’s last five messages, oldest first, and counts the report on their account', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    for (let n = 1; n <= 7; n++) await say(organizer, conversationId, `Message ${n} de l’organisatrice`);
    await say(participant, conversationId, 'Arrêtez, s’il vous plaît');

    const sent = await report(participant, conversationId, { reason: 'harassment', details: '  Elle insiste tous les soirs.  ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      message: 'Signalement envoyé : l’équipe va examiner cette conversation',
      report: {
        targetId: conversationId,
        targetType: 'conversation',
        reason: 'harassment',
        details: 'Elle insiste tous les soirs.',
        status: 'open',
      },
    });
    // The answer names the conversation, never the account behind it.
    expect(sent.body).not.toContain(organizer.user.id);

    const [row] = await app.db.select().from(userReports).where(eq(userReports.id, sent.json().report._id));
    expect(row).toMatchObject({
      reporterId: participant.user.id,
      targetId: organizer.user.id,
      targetType: 'conversation',
      subjectId: conversationId,
      conversationId,
      eventId: null,
      targetIsAdmin: false,
    });
    expect(row?.evidence?.eventTitle).toBe('Festival Ngondo');
    expect(row?.evidence?.messages.map((message) => message.text)).toEqual([
      'Message 3 de l’organisatrice',
      'Message 4 de l’organisatrice',
      'Message 5 de l’organisatrice',
      'Message 6 de l’organisatrice',
      'Message 7 de l’organisatrice',
    ]);
    expect(await openReportsOf(organizer.user.id)).toBe(1);
    // Reporting alone blocks nobody: the thread goes on.
    await say(organizer, conversationId, 'Message 8');
  });

  it('works the other way: an organiser reports a participant’s thread, even one with no message of theirs', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    const sent = await report(organizer, conversationId, { reason: 'spam' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await app.db.select().from(userReports).where(eq(userReports.id, sent.json().report._id));
    expect(row?.targetId).toBe(participant.user.id);
    expect(row?.evidence?.messages.map((message) => message.text)).toEqual(['Bonjour']);

    // The organiser never wrote there: the participant's report keeps no message.
    const back = await report(participant, conversationId, { reason: 'other' });
    expect(back.statusCode, back.body).toBe(201);
    const [empty] = await app.db.select().from(userReports).where(eq(userReports.id, back.json().report._id));
    expect(empty?.evidence?.messages).toEqual([]);
  });

  it('takes one open report per reporter and conversation; once classed, the conversation can be reported again', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    const first = await report(participant, conversationId);
    expect(first.statusCode).toBe(201);
    const again = await report(participant, conversationId, { reason: 'spam', block: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'REPORT_EXISTS',
      message: 'Vous avez déjà signalé cette conversation ; votre signalement est en cours d’examen',
    });
    // Nothing of the refused one stays, not even its block.
    expect(await app.db.select().from(userBlocks).where(eq(userBlocks.blockerId, participant.user.id))).toEqual([]);
    expect(await openReportsOf(organizer.user.id)).toBe(1);

    await ok(await request(app, 'PUT', `/api/admin/conversation-reports/${first.json().report._id}/dismiss`, await agent(app)));
    expect((await report(participant, conversationId)).statusCode).toBe(201);
  });

  it('is refused as an unknown conversation to anyone not in it, and for a support thread', async () => {
    const { app } = testApp;
    const { conversationId } = await thread();
    const stranger = await signedIn(app);
    for (const id of [conversationId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await report(stranger, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Conversation introuvable' });
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/reports`,
      payload: { reason: 'spam' },
    });
    expect(anonymous.statusCode).toBe(401);

    const person = await signedIn(app);
    const support = await ok<{ conversationId: string }>(
      await request(app, 'POST', '/api/conversations/support', person, { text: 'Aide' }),
      201,
    );
    const team = await report(person, support.conversationId);
    expect(team.statusCode).toBe(400);
    expect(team.json().message).toBe('Une conversation avec l’équipe ne se signale pas : écrivez-nous ce qui ne va pas');
    expect(await app.db.select().from(userReports).where(eq(userReports.reporterId, stranger.user.id))).toEqual([]);
    expect(await app.db.select().from(userReports).where(eq(userReports.reporterId, person.user.id))).toEqual([]);
  });

  it('checks its body: a reason from the list, at most 1000 characters of details, no other field', async () => {
    const { participant, conversationId } = await thread();
    const reason = await report(participant, conversationId, { reason: 'ennui' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().fieldErrors.reason).toEqual(['Motif de signalement inconnu']);
    const long = await report(participant, conversationId, { reason: 'spam', details: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    const extra = await report(participant, conversationId, { reason: 'spam', userId: participant.user.id });
    expect(extra.statusCode).toBe(400);
    const english = await testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/reports`,
      headers: { authorization: `Bearer ${participant.token}`, 'accept-language': 'en' },
      payload: { reason: 'spam', block: 'oui' },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().fieldErrors.block).toEqual(['Answer yes or no']);
  });

  it('with block, blocks the other person in the same step: neither writes to the other any more', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    const sent = await report(participant, conversationId, { reason: 'harassment', block: true });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe('Signalement envoyé, et cette personne est bloquée : elle ne peut plus vous écrire');
    const blocks = await app.db.select().from(userBlocks).where(eq(userBlocks.blockerId, participant.user.id));
    expect(blocks.map((row) => row.blockedId)).toEqual([organizer.user.id]);
    const refused = await request(app, 'POST', `/api/conversations/${conversationId}/messages`, organizer, { text: 'Allô ?' });
    expect(refused.statusCode).toBe(403);
    const mine = await ok<ThreadResponse>(await request(app, 'GET', `/api/conversations/${conversationId}`, participant));
    expect(mine.conversation).toMatchObject({ canWrite: false, blockedByMe: true });
  });

  it('refuses an account the team already blocked (409), and limits each account to 5 reports an hour', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    await ok(await request(app, 'PUT', `/api/users/${organizer.user.id}/block`, await agent(app, ['manage_users'])));
    const blocked = await report(participant, conversationId);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'USER_BLOCKED', message: 'Ce compte est déjà bloqué' });

    const hasty = await signedIn(app);
    for (let n = 0; n < 5; n++) {
      expect((await report(hasty, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    }
    const limited = await report(hasty, '00000000-0000-4000-8000-000000000000');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('Messagerie › Signalées', () => {
  it('lists the open reports with both people and the reason, shows the messages in question, and is for manage_chats only', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    await say(organizer, conversationId, 'Envoyez-moi 5 000 F par MoMo');
    await say(organizer, conversationId, '<b>Vite</b> https://arnaque.example');
    const { report: sent } = await ok<{ report: { _id: string } }>(
      await report(participant, conversationId, { reason: 'scam', details: 'Il demande de l’argent' }),
      201,
    );
    const team = await agent(app);
    const list = await ok<ConversationReportsResponse>(await request(app, 'GET', '/api/admin/conversation-reports', team));
    expect(list.items[0]).toEqual({
      _id: sent._id,
      reason: 'scam',
      details: 'Il demande de l’argent',
      status: 'open',
      createdAt: expect.any(String),
      resolvedAt: null,
      reporter: { _id: participant.user.id, name: 'Paul Etoa' },
      reported: {
        _id: organizer.user.id,
        name: 'Odile Manga',
        email: organizer.user.email,
        phone: null,
        role: 'user',
        isBlocked: false,
      },
      conversationId,
      eventTitle: 'Festival Ngondo',
      messagesCount: 2,
    });
    const search = async (text: string) =>
      (
        await ok<ConversationReportsResponse>(
          await request(app, 'GET', `/api/admin/conversation-reports?search=${encodeURIComponent(text)}`, team),
        )
      ).items.map((item) => item._id);
    expect(await search(organizer.user.email as string)).toEqual([sent._id]);
    expect(await search('Odile Manga')).toContain(sent._id);
    expect(await search('Paul Etoa')).toContain(sent._id);
    expect(await search('personne-inconnue')).toEqual([]);

    const detail = await ok<ConversationReportDetail>(
      await request(app, 'GET', `/api/admin/conversation-reports/${sent._id}`, team),
    );
    // As written, shown as text by the screen.
    expect(detail.messages.map((message) => message.text)).toEqual([
      'Envoyez-moi 5 000 F par MoMo',
      '<b>Vite</b> https://arnaque.example',
    ]);

    // 'Signalements' (manage_users) keeps to its reports: the conversation's are Messagerie's.
    const moderator = await agent(app, ['manage_users']);
    for (const [method, url] of [
      ['GET', '/api/admin/conversation-reports'],
      ['GET', `/api/admin/conversation-reports/${sent._id}`],
      ['PUT', `/api/admin/conversation-reports/${sent._id}/dismiss`],
      ['PUT', `/api/admin/conversation-reports/${sent._id}/block`],
    ] as const) {
      expect((await request(app, method, url, moderator)).statusCode, url).toBe(403);
      expect((await request(app, method, url, participant)).statusCode, url).toBe(403);
    }
    const queue = await ok<{ items: { _id: string }[] }>(await request(app, 'GET', '/api/reports?limit=100', moderator));
    expect(queue.items.map((item) => item._id)).not.toContain(sent._id);
    const elsewhere = await request(app, 'PUT', `/api/reports/${sent._id}/dismiss`, moderator);
    expect(elsewhere.statusCode).toBe(404);
    // The account's page still lists every report on it, this one included.
    const account = await ok<{ user: { reports: { _id: string; targetType: string }[] } }>(
      await request(app, 'GET', `/api/users/${organizer.user.id}`, moderator),
    );
    expect(account.user.reports).toContainEqual(expect.objectContaining({ _id: sent._id, targetType: 'conversation' }));
    // And a report of another kind is not Messagerie's.
    const other = await ok<{ report: { _id: string } }>(
      await request(app, 'POST', `/api/users/${organizer.user.id}/reports`, participant, { reason: 'spam' }),
      201,
    );
    expect((await request(app, 'GET', `/api/admin/conversation-reports/${other.report._id}`, team)).statusCode).toBe(404);
  });

  it('Classer closes the report, audited, and takes it off the account’s count', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    const { report: sent } = await ok<{ report: { _id: string } }>(await report(participant, conversationId), 201);
    const team = await agent(app);
    const classed = await ok<{ message: string; report: { status: string; resolvedAt: string | null } }>(
      await request(app, 'PUT', `/api/admin/conversation-reports/${sent._id}/dismiss`, team),
    );
    expect(classed.message).toBe('Signalement classé');
    expect(classed.report.status).toBe('dismissed');
    expect(classed.report.resolvedAt).not.toBeNull();
    expect(await openReportsOf(organizer.user.id)).toBe(0);
    const list = await ok<ConversationReportsResponse>(await request(app, 'GET', '/api/admin/conversation-reports', team));
    expect(list.items.map((item) => item._id)).not.toContain(sent._id);
    const twice = await request(app, 'PUT', `/api/admin/conversation-reports/${sent._id}/dismiss`, team);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REPORT_CLOSED');
    // The detail stays readable once handled.
    expect(
      (await ok<ConversationReportDetail>(await request(app, 'GET', `/api/admin/conversation-reports/${sent._id}`, team))).report
        .status,
    ).toBe('dismissed');

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, sent._id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: team.user.id,
        action: 'report.dismiss',
        targetType: 'report',
        before: { status: 'open', targetId: organizer.user.id, reason: 'harassment' },
        after: { status: 'dismissed', queue: 'messagerie' },
      }),
    ]);
  });

  it('Bloquer l’utilisateur: the account’s sessions and streams end at once, it can no longer write nor sign in, audited', async () => {
    const { app } = testApp;
    const { organizer, participant, conversationId } = await thread();
    await say(organizer, conversationId, 'Je sais où vous habitez');
    const { report: sent } = await ok<{ report: { _id: string } }>(await report(participant, conversationId), 201);
    // Someone else reported the organiser too ('Signalements'): blocking closes it as well.
    const witness = await signedIn(app);
    await ok(await request(app, 'POST', `/api/users/${organizer.user.id}/reports`, witness, { reason: 'harassment' }), 201);
    expect(await openReportsOf(organizer.user.id)).toBe(2);

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(address, organizer.token);
    const reporterStream = await openEventStream(address, participant.token);
    try {
      await expect.poll(() => stream.events.map((item) => item.event)).toEqual(['ready']);
      await expect.poll(() => reporterStream.events.length).toBe(1);
      const team = await agent(app);
      const blocked = await ok<{ message: string; report: { status: string; reported: { isBlocked: boolean } } }>(
        await request(app, 'PUT', `/api/admin/conversation-reports/${sent._id}/block`, team),
      );
      expect(blocked).toMatchObject({
        message: 'Utilisateur bloqué',
        report: { status: 'actioned', reported: { isBlocked: true } },
      });
      await expect.poll(stream.ended).toBe(true);
      // The reporter's open thread hears that it changed: it now says nobody writes there.
      await expect
        .poll(() => reporterStream.events.slice(1))
        .toContainEqual({ event: 'conversation', data: { type: 'conversation', conversationId } });
      const mine = await ok<ThreadResponse>(await request(app, 'GET', `/api/conversations/${conversationId}`, participant));
      expect(mine.conversation.canWrite).toBe(false);

      const write = await request(app, 'POST', `/api/conversations/${conversationId}/messages`, organizer, { text: 'Encore' });
      expect(write.statusCode).toBe(401);
      const signIn = await postFrom(app, '/api/users/login', { identifier: organizer.user.email, password: TEST_PASSWORD });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: 'Ce compte est bloqué. Contactez le support.' });
      const toThem = await request(app, 'POST', `/api/conversations/${conversationId}/messages`, participant, { text: 'Ouf' });
      expect(toThem.statusCode).toBe(404);

      expect(await openReportsOf(organizer.user.id)).toBe(0);
      const open = await app.db
        .select()
        .from(userReports)
        .where(and(eq(userReports.targetId, organizer.user.id), eq(userReports.status, 'open')));
      expect(open).toEqual([]);
      const actions = (await app.db.select().from(auditLog).where(eq(auditLog.actorId, team.user.id))).map((row) => [
        row.action,
        row.targetId,
      ]);
      expect(actions).toEqual(
        expect.arrayContaining([
          ['user.block', organizer.user.id],
          ['report.block', sent._id],
        ]),
      );
      const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.targetId, sent._id));
      expect(audit?.after).toEqual({ status: 'actioned', reportsClosed: 2, queue: 'messagerie' });
    } finally {
      await stream.close();
      await reporterStream.close();
    }
  });

  it('follows the rules of Signalements: an administrator’s report needs manage_admins too, a superadmin is never blocked', async () => {
    const { app } = testApp;
    const organizerAdmin = await signedIn(app, { role: 'admin', permissions: ['manage_events'], firstName: 'Alain' });
    const participant = await signedIn(app);
    const event = await createEvent(app, organizerAdmin, { title: 'Conférence Tech' });
    await ok(await request(app, 'POST', `/api/events/${event._id}/participants`, participant));
    const { conversationId } = await ok<{ conversationId: string }>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Bonjour' }),
      201,
    );
    const { report: sent } = await ok<{ report: { _id: string } }>(await report(participant, conversationId), 201);

    const chats = await agent(app);
    const list = await ok<ConversationReportsResponse>(await request(app, 'GET', '/api/admin/conversation-reports', chats));
    expect(list.items.map((item) => item._id)).not.toContain(sent._id);
    for (const [method, url] of [
      ['GET', `/api/admin/conversation-reports/${sent._id}`],
      ['PUT', `/api/admin/conversation-reports/${sent._id}/block`],
      ['PUT', `/api/admin/conversation-reports/${sent._id}/dismiss`],
    ] as const) {
      expect((await request(app, method, url, chats)).statusCode, url).toBe(403);
    }
    // With manage_admins it is theirs, but blocking an administrator needs every permission it holds.
    const chatsAndAdmins = await agent(app, ['manage_chats', 'manage_admins']);
    expect(
      (
        await ok<ConversationReportsResponse>(await request(app, 'GET', '/api/admin/conversation-reports', chatsAndAdmins))
      ).items.map((item) => item._id),
    ).toContain(sent._id);
    const beyond = await request(app, 'PUT', `/api/admin/conversation-reports/${sent._id}/block`, chatsAndAdmins);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().code).toBe('PERMISSION_NOT_HELD');
    const all = await agent(app, ['manage_chats', 'manage_admins', 'manage_events']);
    await ok(await request(app, 'PUT', `/api/admin/conversation-reports/${sent._id}/block`, all));
    const [row] = await app.db.select().from(users).where(eq(users.id, organizerAdmin.user.id));
    expect(row).toMatchObject({ isBlocked: true, isAdminValidated: false });

    // A superadmin organising an event can be reported, never blocked.
    const superadmin = await signedIn(app, { role: 'superadmin' });
    const party = await createEvent(app, superadmin, { title: 'Soirée de lancement' });
    await ok(await request(app, 'POST', `/api/events/${party._id}/participants`, participant));
    const withSuper = await ok<{ conversationId: string }>(
      await request(app, 'POST', `/api/events/${party._id}/conversations`, participant, { text: 'Bonsoir' }),
      201,
    );
    const { report: onSuper } = await ok<{ report: { _id: string } }>(await report(participant, withSuper.conversationId), 201);
    const refused = await request(app, 'PUT', `/api/admin/conversation-reports/${onSuper._id}/block`, superadmin);
    expect(refused.statusCode).toBe(403);
    const other = await request(
      app,
      'PUT',
      `/api/admin/conversation-reports/${onSuper._id}/block`,
      await agent(app, ['manage_chats', 'manage_admins', 'manage_events', 'manage_users']),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Un superadmin ne peut être ni modifié, ni bloqué, ni révoqué');
  });

  it('keeps the messages in question when the conversation goes with its event', async () => {
    const { app } = testApp;
    const { organizer, participant, event, conversationId } = await thread();
    await say(organizer, conversationId, 'Dernier avertissement');
    const { report: sent } = await ok<{ report: { _id: string } }>(await report(participant, conversationId), 201);
    const deleted = await request(app, 'DELETE', `/api/events/${event._id}`, organizer);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await request(app, 'GET', `/api/conversations/${conversationId}`, participant)).statusCode).toBe(404);
    const detail = await ok<ConversationReportDetail>(
      await request(app, 'GET', `/api/admin/conversation-reports/${sent._id}`, await agent(app)),
    );
    expect(detail.report).toMatchObject({ conversationId: null, eventTitle: 'Festival Ngondo', status: 'open' });
    expect(detail.messages.map((message) => message.text)).toEqual(['Dernier avertissement']);
  });
});
