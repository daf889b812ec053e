import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FailedMessagesPage, OutboxActionResponse, OutboxSummary } from '@app/shared/outbox';
import { auditLog, outboundMessages, pushSubscriptions } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildTestAppWithMail, type Identity, type MailTestApp, request, signedIn } from '../../../test/helper';
import { PUSH_REFUSED } from '../push/push.sender';
import { findMessage } from './notifications.repository';
import { cleanDeliveryError, messagePreview, SMS_COUNTRY_REFUSED } from './outbox-text';

/**
 * The outbox's dead letters for the team (issue 29, decision 066): a message its provider refused
 * 20 times is failed and listed with its error; 'Renvoyer' puts it back in the queue and the retry
 * loop delivers it once the provider works again; 'Supprimer' drops it; both audited.
 */

afterEach(() => {
  vi.useRealTimers();
});

async function ok<T>(response: Awaited<ReturnType<typeof request>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

function supportAgent(app: FastifyInstance): Promise<Identity> {
  return signedIn(app, { role: 'admin', permissions: ['manage_chats'], firstName: 'Sandrine', lastName: 'Kamga' });
}

/**
 * Runs the retry loop until the message has had its 20 attempts: each round moves the clock past
 * the message's next attempt (only `Date`, so timers and sockets run as usual) and sends what is due.
 */
async function exhaustAttempts(app: FastifyInstance, id: string): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  for (let round = 0; round < 25; round += 1) {
    const row = await findMessage(app.db, id);
    if (row?.status !== 'pending') break;
    vi.setSystemTime(row.nextAttemptAt.getTime() + 1000);
    await app.notifications.processDue();
  }
  vi.useRealTimers();
}

const failedList = (app: FastifyInstance, as: Identity, query = '') =>
  request(app, 'GET', `/api/admin/outbox/failed${query}`, as).then((response) => ok<FailedMessagesPage>(response));

const auditOf = (app: FastifyInstance, action: string, targetId: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('an e-mail the SMTP server refuses 20 times (real SMTP server)', () => {
  let testApp: MailTestApp;
  beforeAll(async () => {
    testApp = await buildTestAppWithMail();
  });
  afterAll(() => testApp.close());

  it('becomes failed, is listed with its error, then Renvoyer delivers it once when the server accepts again', async () => {
    const { app, catcher } = testApp;
    const agent = await supportAgent(app);
    const person = await signedIn(app, { firstName: 'Awa', lastName: 'Mbarga', email: 'awa.mbarga@example.cm' });
    catcher.setRefusing(true);
    const first = await app.notifications.sendEmail({
      to: 'awa.mbarga@example.cm',
      subject: '482913 est votre code de vérification',
      text: 'Bonjour, voici votre code : 482913.',
    });
    expect(first.status).toBe('pending');
    await exhaustAttempts(app, first.id);

    const failed = await findMessage(app.db, first.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 20 });
    expect(failed?.failedAt).toBeInstanceOf(Date);
    expect(failed?.lastError).toContain('Service temporairement indisponible');

    const summary = await ok<OutboxSummary>(await request(app, 'GET', '/api/admin/outbox/summary', agent));
    expect(summary).toEqual({ pending: 0, retrying: 0, failed: 1 });

    const page = await failedList(app, agent);
    expect(page.total).toBe(1);
    expect(page.items).toEqual([
      {
        _id: first.id,
        channel: 'email',
        recipient: 'awa.mbarga@example.cm',
        person: { _id: person.user.id, name: 'Awa Mbarga' },
        device: null,
        // The one-time code never reaches the team's screen.
        preview: '•••••• est votre code de vérification',
        attempts: 20,
        reason: 'provider',
        lastError: expect.stringContaining('451'),
        createdAt: failed?.createdAt.toISOString(),
        failedAt: failed?.failedAt?.toISOString(),
        canRetry: true,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain('482913');

    // 'Renvoyer': pending again as new, due now; audited with what it was.
    const retried = await ok<OutboxActionResponse>(await request(app, 'POST', `/api/admin/outbox/${first.id}/retry`, agent));
    expect(retried).toEqual({
      message: 'Le message repart : il sera envoyé dans la minute',
      count: 1,
      summary: { pending: 1, retrying: 0, failed: 0 },
    });
    expect(await findMessage(app.db, first.id)).toMatchObject({ status: 'pending', attempts: 0, failedAt: null });
    expect((await failedList(app, agent)).items).toEqual([]);
    const [audit] = await auditOf(app, 'outbox.retry', first.id);
    expect(audit).toMatchObject({
      actorId: agent.user.id,
      targetType: 'outbound_message',
      before: { channel: 'email', recipient: 'awa.mbarga@example.cm', status: 'failed', attempts: 20 },
      after: { status: 'pending', attempts: 0 },
    });
    expect(JSON.stringify(audit)).not.toContain('482913');

    // The SMTP server works again: the retry loop sends it, once.
    catcher.setRefusing(false);
    expect(await app.notifications.processDue()).toBe(1);
    expect(await app.notifications.processDue()).toBe(0);
    expect(await findMessage(app.db, first.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const mails = catcher.messages.filter((mail) => mail.to.includes('awa.mbarga@example.cm'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('482913 est votre code de vérification');

    // Sent, it is no longer a dead letter: neither sent again nor deleted.
    const again = await request(app, 'POST', `/api/admin/outbox/${first.id}/retry`, agent);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Ce message n’est plus en échec : il a déjà été renvoyé ou supprimé',
    });
    expect((await request(app, 'DELETE', `/api/admin/outbox/${first.id}`, agent)).statusCode).toBe(409);
    const english = await app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${first.id}/retry`,
      headers: { authorization: `Bearer ${agent.token}`, 'accept-language': 'en' },
    });
    expect(english.json().message).toBe('This message has not failed any more: it was already sent again or deleted');
  }, 60_000);
});

describe('an SMS the provider refuses (HTTP SMS provider)', () => {
  const received: { from: string; to: string; text: string }[] = [];
  let answer = 503;
  let server: http.Server;
  let testApp: TestApp;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { from: string; to: string; text: string };
        if (answer === 200) received.push(body);
        res.writeHead(answer, { 'content-type': 'application/json' });
        // A provider that echoes the request (the code in it) and its own key in its error.
        res.end(
          answer === 200 ? '{"status":"queued"}' : `{"error":"unavailable","key":"Bearer sk_live_abcdef","text":"${body.text}"}`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    testApp = await buildTestApp({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `http://127.0.0.1:${port}/sms`,
      SMS_HTTP_TOKEN: 'secret-token',
    });
  });
  afterAll(async () => {
    await testApp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is failed after 20 attempts, found by number in any form or by name, its error without secrets, and sent again', async () => {
    const { app } = testApp;
    const agent = await supportAgent(app);
    const person = await signedIn(app, { firstName: 'Brice', lastName: 'Nana', phone: '+237699001122' });
    const sent = await app.notifications.sendSms({
      to: '+237699001122',
      text: 'Votre code : 654321. Ou ouvrez https://site.cm/GetStarted?reset=AbCdEf123456',
    });
    await exhaustAttempts(app, sent.id);
    const row = await findMessage(app.db, sent.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 20 });
    expect(row?.lastError).toMatch(/^SMS provider answered 503/);
    expect(row?.lastError).not.toContain('654321');
    expect(row?.lastError).not.toContain('sk_live_abcdef');
    expect(row?.lastError).not.toContain('AbCdEf123456');

    for (const search of ['+237 6 99 00 11 22', '699001122', '6 99 00', 'nana', 'Brice Nana']) {
      const found = await failedList(app, agent, `?search=${encodeURIComponent(search)}`);
      expect(
        found.items.map((item) => item.recipient),
        search,
      ).toEqual(['+237699001122']);
    }
    expect((await failedList(app, agent, '?search=inconnu')).items).toEqual([]);
    const [item] = (await failedList(app, agent, '?channel=sms')).items;
    expect(item).toMatchObject({
      channel: 'sms',
      person: { _id: person.user.id, name: 'Brice Nana' },
      preview: 'Votre code : ••••••. Ou ouvrez https://site.cm/GetStarted?reset=[masqué]',
      reason: 'provider',
      canRetry: true,
    });
    expect((await failedList(app, agent, '?channel=email')).items).toEqual([]);

    await ok(await request(app, 'POST', `/api/admin/outbox/${sent.id}/retry`, agent));
    answer = 200;
    expect(await app.notifications.processDue()).toBe(1);
    expect(received).toEqual([{ from: 'EVENTS', to: '+237699001122', text: expect.stringContaining('654321') }]);
    expect(await findMessage(app.db, sent.id)).toMatchObject({ status: 'sent' });
  }, 60_000);
});

describe('the dead letters’ list and its actions', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
  });
  afterAll(() => testApp.close());

  /** A failed message written as the outbox leaves one. */
  async function failedMessage(values: Partial<typeof outboundMessages.$inferInsert> & { failedAt: Date }) {
    const [row] = await app.db
      .insert(outboundMessages)
      .values({
        channel: 'email',
        recipient: 'x@example.cm',
        subject: 'Sujet',
        text: 'Texte',
        status: 'failed',
        attempts: 20,
        lastError: 'Connection timeout',
        ...values,
      })
      .returning();
    if (!row) throw new Error('not inserted');
    return row;
  }

  it('pages the failed messages by their failure, latest first; filters by channel; counts pending and retrying', async () => {
    const agent = await supportAgent(app);
    const base = Date.parse('2026-11-20T10:00:00Z');
    const rows = [];
    for (let index = 0; index < 12; index += 1) {
      rows.push(
        await failedMessage({
          channel: index % 3 === 0 ? 'sms' : 'email',
          recipient: index % 3 === 0 ? `+23767700${String(index).padStart(4, '0')}` : `personne${index}@example.cm`,
          subject: index % 3 === 0 ? '' : `Message ${index}`,
          text: `Texte ${index}`,
          failedAt: new Date(base + index * 60_000),
        }),
      );
    }
    // Not dead letters: one waiting, one between two attempts, one sent.
    await app.db.insert(outboundMessages).values([
      { channel: 'email', recipient: 'a@example.cm', text: 'a' },
      { channel: 'email', recipient: 'b@example.cm', text: 'b', attempts: 3, lastError: 'timeout' },
      { channel: 'email', recipient: 'c@example.cm', text: 'c', status: 'sent', attempts: 1 },
    ]);

    const first = await failedList(app, agent);
    expect(first.total).toBe(12);
    expect(first.items.map((item) => item.preview)).toEqual([
      'Message 11',
      'Message 10',
      'Texte 9',
      'Message 8',
      'Message 7',
      'Texte 6',
      'Message 5',
      'Message 4',
      'Texte 3',
      'Message 2',
    ]);
    const second = await failedList(app, agent, '?page=2');
    expect(second.items.map((item) => item.preview)).toEqual(['Message 1', 'Texte 0']);
    const sms = await failedList(app, agent, '?channel=sms&limit=2');
    expect(sms.total).toBe(4);
    expect(sms.items.map((item) => item.recipient)).toEqual(['+237677000009', '+237677000006']);

    const summary = await ok<OutboxSummary>(await request(app, 'GET', '/api/admin/outbox/summary', agent));
    expect(summary).toEqual({ pending: 2, retrying: 1, failed: 12 });

    const bad = await request(app, 'GET', '/api/admin/outbox/failed?channel=fax', agent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    // 'Tout renvoyer' for the SMS only, audited once.
    const all = await ok<OutboxActionResponse>(
      await request(app, 'POST', '/api/admin/outbox/failed/retry', agent, { channel: 'sms' }),
    );
    expect(all).toEqual({
      message: '4 message(s) renvoyé(s) : ils partiront dans les prochaines minutes',
      count: 4,
      summary: { pending: 6, retrying: 1, failed: 8 },
    });
    expect((await failedList(app, agent, '?channel=sms')).total).toBe(0);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'outbox.retry_all'));
    expect(audit).toMatchObject({ actorId: agent.user.id, after: { channel: 'sms', count: 4 } });
    const none = await ok<OutboxActionResponse>(
      await request(app, 'POST', '/api/admin/outbox/failed/retry', agent, { channel: 'sms' }),
    );
    expect(none).toMatchObject({ message: 'Aucun message à renvoyer', count: 0 });

    // 'Supprimer': gone for good, audited with what it was.
    const target = rows[11];
    if (!target) throw new Error('no row');
    const deleted = await ok<OutboxActionResponse>(await request(app, 'DELETE', `/api/admin/outbox/${target.id}`, agent));
    expect(deleted).toMatchObject({ message: 'Message supprimé : il ne sera pas envoyé', summary: { failed: 7 } });
    expect(await findMessage(app.db, target.id)).toBeNull();
    const [deletion] = await auditOf(app, 'outbox.delete', target.id);
    expect(deletion).toMatchObject({
      actorId: agent.user.id,
      before: { channel: 'email', recipient: 'personne11@example.cm', preview: 'Message 11', lastError: 'Connection timeout' },
    });
    const gone = await request(app, 'DELETE', `/api/admin/outbox/${target.id}`, agent);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Envoi introuvable' });
    expect((await request(app, 'POST', '/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry', agent)).statusCode).toBe(
      404,
    );
    expect((await request(app, 'POST', '/api/admin/outbox/pas-un-id/retry', agent)).statusCode).toBe(400);

    await app.db.delete(outboundMessages);
  });

  it('shows a push by its device and owner; a push whose device is gone can only be deleted', async () => {
    const agent = await supportAgent(app);
    const owner = await signedIn(app, { firstName: 'Odile', lastName: 'Manga' });
    const [device] = await app.db
      .insert(pushSubscriptions)
      .values({
        userId: owner.user.id,
        endpoint: 'https://push.example.cm/abc',
        p256dh: 'B'.padEnd(87, 'A'),
        auth: 'A'.repeat(22),
        userAgent: 'Chrome sur Android',
      })
      .returning();
    if (!device) throw new Error('no device');
    const payload = (body: string) =>
      JSON.stringify({ title: 'Évènement annulé', body, url: '/mon-compte/notifications', tag: 't', kind: 'event_cancelled' });
    const off = await failedMessage({
      channel: 'push',
      recipient: device.id,
      subject: '',
      text: payload('« Gala » est annulé.'),
      lastError: PUSH_REFUSED.off,
      attempts: 1,
      failedAt: new Date('2026-11-21T10:00:00Z'),
    });
    const gone = await failedMessage({
      channel: 'push',
      recipient: '5b1e0f3c-8a43-4f0e-9a51-3c1d2e4f5a6b',
      subject: '',
      text: payload('« Kermesse » est annulé.'),
      lastError: 'gone: the push service answered 410; subscription deleted',
      attempts: 1,
      failedAt: new Date('2026-11-20T10:00:00Z'),
    });
    const country = await failedMessage({
      channel: 'sms',
      recipient: '+33612345678',
      text: 'Bonjour',
      lastError: SMS_COUNTRY_REFUSED,
      attempts: 1,
      failedAt: new Date('2026-11-19T10:00:00Z'),
    });

    const page = await failedList(app, agent);
    expect(
      page.items.map((item) => [item._id, item.recipient, item.person?.name ?? null, item.device, item.reason, item.canRetry]),
    ).toEqual([
      [off.id, null, 'Odile Manga', 'Chrome sur Android', 'push_off', true],
      [gone.id, null, null, null, 'device_gone', false],
      [country.id, '+33612345678', null, null, 'sms_country', true],
    ]);
    expect(page.items[0]?.preview).toBe('Évènement annulé — « Gala » est annulé.');
    // The device's owner is found by name.
    expect((await failedList(app, agent, '?search=odile')).items.map((item) => item._id)).toEqual([off.id]);

    const refused = await request(app, 'POST', `/api/admin/outbox/${gone.id}/retry`, agent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cet appareil n’est plus abonné aux notifications : ce message ne peut plus être envoyé');
    expect(await findMessage(app.db, gone.id)).toMatchObject({ status: 'failed' });
    // 'Tout renvoyer' leaves it too.
    const all = await ok<OutboxActionResponse>(await request(app, 'POST', '/api/admin/outbox/failed/retry', agent, {}));
    expect(all.count).toBe(2);
    expect((await failedList(app, agent)).items.map((item) => item._id)).toEqual([gone.id]);
    await ok(await request(app, 'DELETE', `/api/admin/outbox/${gone.id}`, agent));
    expect((await failedList(app, agent)).total).toBe(0);
    await app.db.delete(outboundMessages);
  });

  it('is for manage_chats only: anonymous 401, an account or another permission 403, nothing changed', async () => {
    const message = await failedMessage({ failedAt: new Date() });
    const user = await signedIn(app);
    const other = await signedIn(app, { role: 'admin', permissions: ['manage_users', 'manage_admins'] });
    const superadmin = await signedIn(app, { role: 'superadmin' });
    const calls = [
      ['GET', '/api/admin/outbox/failed'],
      ['GET', '/api/admin/outbox/summary'],
      ['POST', '/api/admin/outbox/failed/retry'],
      ['POST', `/api/admin/outbox/${message.id}/retry`],
      ['DELETE', `/api/admin/outbox/${message.id}`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = url.endsWith('/failed/retry') ? {} : undefined;
      expect((await request(app, method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await request(app, method, url, user, payload)).statusCode, url).toBe(403);
      expect((await request(app, method, url, other, payload)).statusCode, url).toBe(403);
    }
    expect(await findMessage(app.db, message.id)).toMatchObject({ status: 'failed' });
    // A superadmin holds every permission.
    expect((await failedList(app, superadmin)).items.map((item) => item._id)).toEqual([message.id]);
    await app.db.delete(outboundMessages);
  });
});

describe('what the team reads of a message', () => {
  it('keeps an error on one line, without its stack, codes, passwords or tokens', () => {
    const error = [
      'Invalid login: 535 Authentication failed for smtp://mailer:Pa55word@smtp.example.cm:587 (code 123456)',
      '    at SMTPConnection._formatError (node_modules/nodemailer/lib/smtp-connection/index.js:798:19)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      'Authorization: Bearer eyJhbGciOi.abc.def',
    ].join('\n');
    const clean = cleanDeliveryError(error);
    expect(clean).toBe(
      'Invalid login: 535 Authentication failed for smtp://[masqué]@smtp.example.cm:587 (code ••••••) Authorization: Bearer [masqué]',
    );
    expect(cleanDeliveryError('x'.repeat(1000))).toHaveLength(300);
    expect(cleanDeliveryError('')).toBe('unknown error');
  });

  it('previews an e-mail by its subject, an SMS by its first words, a push by its title and sentence', () => {
    expect(messagePreview({ channel: 'email', subject: 'Votre place est confirmée', text: 'Long texte' })).toBe(
      'Votre place est confirmée',
    );
    expect(messagePreview({ channel: 'email', subject: ' ', text: 'Bonjour\n\nVoici   le texte' })).toBe(
      'Bonjour Voici le texte',
    );
    expect(messagePreview({ channel: 'sms', subject: '', text: `Rendez-vous ${'très '.repeat(40)}bientôt` })).toHaveLength(120);
    expect(
      messagePreview({ channel: 'sms', subject: '', text: 'Lien privé : https://site.cm/evenements/gala-1a2b?t=secret&src=sms' }),
    ).toBe('Lien privé : https://site.cm/evenements/gala-1a2b?t=[masqué]&src=sms');
    expect(messagePreview({ channel: 'push', subject: '', text: 'pas du JSON' })).toBe('');
  });
});
