import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildTestAppWithMail, type MailTestApp, outboxMessages } from '../../../test/helper';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher';
import { findMessage } from './notifications.repository';
import { retryDelayMs } from './notifications.service';

afterEach(() => {
  vi.useRealTimers();
});

function outboxFiles(dataDir: string): string[] {
  const folder = path.join(dataDir, 'outbox');
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
}

describe('without a provider (outbox)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('writes an e-mail to DATA_DIR/outbox and marks it sent', async () => {
    const result = await testApp.app.notifications.sendEmail({
      to: 'awa@example.cm',
      subject: '123456 est votre code',
      text: 'Votre code : 123456',
      html: '<p>Votre code : <b>123456</b></p>',
    });
    expect(result.status).toBe('sent');
    expect(outboxMessages(testApp.dataDir, 'email', 'awa@example.cm')).toEqual([
      expect.objectContaining({ channel: 'email', to: 'awa@example.cm', subject: '123456 est votre code' }),
    ]);
    const row = await findMessage(testApp.app.db, result.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, channel: 'email', recipient: 'awa@example.cm' });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('writes an SMS to DATA_DIR/outbox and marks it sent', async () => {
    const result = await testApp.app.notifications.sendSms({ to: '+237677123456', text: 'Code : 654321' });
    expect(result.status).toBe('sent');
    expect(outboxMessages(testApp.dataDir, 'sms', '+237677123456')).toEqual([
      expect.objectContaining({ channel: 'sms', to: '+237677123456', text: 'Code : 654321' }),
    ]);
  });
});

describe('SMTP', () => {
  let catcher: SmtpCatcher;
  let testApp: MailTestApp;
  beforeAll(async () => {
    testApp = await buildTestAppWithMail({ MAIL_FROM: 'Évènements Cameroun <no-reply@events.test>' });
    catcher = testApp.catcher;
  });
  afterAll(() => testApp.close());

  it('delivers French text and HTML through a real SMTP server', async () => {
    const result = await testApp.app.notifications.sendEmail({
      to: 'Bob@Example.cm',
      subject: '482913 — votre code de vérification',
      text: 'Bonjour, voici votre code : 482913. Il expire dans 5 minutes.',
      html: '<p>Bonjour, voici votre code : <strong>482913</strong>.</p>',
    });
    expect(result.status).toBe('sent');
    const mail = await catcher.waitFor((m) => m.to.includes('bob@example.cm'));
    expect(mail.subject).toBe('482913 — votre code de vérification');
    expect(mail.text).toContain('Il expire dans 5 minutes.');
    expect(mail.html).toContain('<strong>482913</strong>');
    expect(mail.from).toBe('no-reply@events.test');
    expect(await catcher.waitForCode('bob@example.cm')).toBe('482913');
    expect(outboxFiles(testApp.dataDir)).toEqual([]);
  });

  it('keeps a refused e-mail pending and sends it on a later retry, once', async () => {
    catcher.setRefusing(true);
    const result = await testApp.app.notifications.sendEmail({ to: 'retry@example.cm', subject: 'Essai', text: 'Bonjour' });
    expect(result.status).toBe('pending');
    const pending = await findMessage(testApp.app.db, result.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending?.lastError).toBeTruthy();
    expect(pending?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    catcher.setRefusing(false);
    // Not due yet: nothing is sent.
    expect(await testApp.app.notifications.processDue()).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + retryDelayMs(1) + 1000);
    expect(await testApp.app.notifications.processDue()).toBe(1);
    expect(await testApp.app.notifications.processDue()).toBe(0);
    const sent = await findMessage(testApp.app.db, result.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(catcher.messages.filter((m) => m.to.includes('retry@example.cm'))).toHaveLength(1);
  });

  it('keeps the message when the SMTP server cannot be reached at all', async () => {
    const closed = await startSmtpCatcher();
    const port = closed.port;
    await closed.close();
    const other = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const result = await other.app.notifications.sendEmail({ to: 'x@example.cm', subject: 'Essai', text: 'Bonjour' });
      expect(result.status).toBe('pending');
      expect(await findMessage(other.app.db, result.id)).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await other.close();
    }
  });
});

describe('HTTP SMS provider', () => {
  interface Received {
    method?: string;
    url?: string;
    authorization?: string;
    contentType?: string;
    body: unknown;
  }
  const received: Received[] = [];
  let answerStatus = 200;
  let server: http.Server;
  let testApp: TestApp;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        // The provider only accepts well-formed requests.
        const ok = request.headers.authorization === 'Bearer secret-token' && request.method === 'POST';
        response.writeHead(ok ? answerStatus : 401, { 'content-type': 'application/json' });
        response.end(JSON.stringify(ok && answerStatus === 200 ? { id: 'msg-1', status: 'queued' } : { error: 'refused' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    testApp = await buildTestApp({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `http://127.0.0.1:${port}/v1/sms`,
      SMS_HTTP_TOKEN: 'secret-token',
      SMS_SENDER: 'EVENTSCM',
    });
  });
  afterAll(async () => {
    await testApp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('posts the SMS to the provider with the token, the sender and the E.164 number', async () => {
    const result = await testApp.app.notifications.sendSms({ to: '+237677123456', text: 'Votre code : 111222' });
    expect(result.status).toBe('sent');
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      method: 'POST',
      url: '/v1/sms',
      authorization: 'Bearer secret-token',
      contentType: 'application/json',
      body: { from: 'EVENTSCM', to: '+237677123456', text: 'Votre code : 111222' },
    });
    expect(outboxFiles(testApp.dataDir)).toEqual([]);
  });

  it('keeps the SMS pending when the provider fails, then sends it on retry', async () => {
    answerStatus = 503;
    const result = await testApp.app.notifications.sendSms({ to: '+237699000111', text: 'Code : 333444' });
    expect(result.status).toBe('pending');
    expect(result.error).toContain('503');
    answerStatus = 200;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + retryDelayMs(1) + 1000);
    expect(await testApp.app.notifications.processDue()).toBe(1);
    expect(await findMessage(testApp.app.db, result.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.filter((r) => (r.body as { to: string }).to === '+237699000111')).toHaveLength(2);
  });
});

describe('retry delays', () => {
  it('grows from 30 s and stops at one hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});
