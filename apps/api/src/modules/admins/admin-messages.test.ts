import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, users } from '../../db/schema/index';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestAppWithMail, type MailTestApp, seededSuperadmin } from '../../../test/helper';
import type { SmtpCatcher } from '../../../test/smtp-catcher';

/** Issue 25 item 10: an approved administrator is told; one created by another is welcomed (outbox, decision 018). */

let testApp: MailTestApp;
let app: FastifyInstance;
let catcher: SmtpCatcher;
let superToken: string;
let signInUrl: string;

beforeAll(async () => {
  testApp = await buildTestAppWithMail();
  catcher = testApp.catcher;
  app = testApp.app;
  const superadmin = await seededSuperadmin(app);
  await app.db.update(users).set({ firstName: 'Brice', lastName: 'Etoa' }).where(eq(users.id, superadmin.id));
  superToken = await tokenFor(app, superadmin);
  signInUrl = `${app.config.PUBLIC_URL.replace(/\/$/, '')}/GetStarted`;
});
afterAll(() => testApp.close());

function approve(id: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: bearer(superToken),
    payload: { isAdminValidated: true, permissions: ['manage_events'] },
  });
}

const outboxTo = (recipient: string) => app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, recipient));

describe('an approved administrator is told', () => {
  it('by e-mail (its e-mail verified), once, with the sign-in link', async () => {
    const pending = await createUser(app, {
      role: 'admin',
      isAdminValidated: false,
      firstName: 'Nadège',
      email: 'nadege.admin@example.cm',
    });
    const response = await approve(pending.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.adminStatus).toBe('validated');

    const [queued, ...more] = await outboxTo('nadege.admin@example.cm');
    expect(more).toHaveLength(0);
    expect(queued).toMatchObject({ channel: 'email' });
    expect(queued?.subject).toMatch(/votre compte administrateur est validé$/);
    expect(queued?.text).toContain('Bonjour Nadège,');
    expect(queued?.text).toContain(signInUrl);
    const delivered = await catcher.waitFor((mail) => mail.to.includes('nadege.admin@example.cm'));
    expect(delivered.subject).toMatch(/votre compte administrateur est validé$/);

    // Approving again (already validated) or changing permissions tells nothing more.
    expect((await approve(pending.id)).statusCode).toBe(200);
    expect(await outboxTo('nadege.admin@example.cm')).toHaveLength(1);
  });

  it('by SMS when only its phone is verified; an unverified contact gets nothing', async () => {
    const phoneOnly = await createUser(app, { role: 'admin', isAdminValidated: false, email: null, phone: '+237677001122' });
    expect((await approve(phoneOnly.id)).statusCode).toBe(200);
    const [sms] = await outboxTo('+237677001122');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms?.text).toContain('votre compte administrateur est validé');
    expect(sms?.text).toContain(signInUrl);

    const unverified = await createUser(app, {
      role: 'admin',
      isAdminValidated: false,
      isVerified: false,
      email: 'pas.verifie@example.cm',
    });
    expect((await approve(unverified.id)).statusCode).toBe(200);
    expect(await outboxTo('pas.verifie@example.cm')).toHaveLength(0);
  });
});

describe('an administrator created by another one', () => {
  it('gets a welcome e-mail that says who created it and how to sign in, never the password', async () => {
    const password = 'Nouvel-Admin-42!';
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(superToken),
      payload: {
        firstName: 'Odile',
        lastName: 'Mbarga',
        email: 'odile.mbarga@example.cm',
        password,
        permissions: ['manage_events'],
        role: 'admin',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [welcome, ...more] = await outboxTo('odile.mbarga@example.cm');
    expect(more).toHaveLength(0);
    expect(welcome).toMatchObject({ channel: 'email' });
    expect(welcome?.subject).toMatch(/^Bienvenue dans l’équipe /);
    expect(welcome?.text).toContain('Bonjour Odile,');
    expect(welcome?.text).toContain('Brice Etoa vous a créé un compte administrateur');
    expect(welcome?.text).toContain(signInUrl);
    expect(welcome?.text).toContain('saisissez odile.mbarga@example.cm');
    expect(`${welcome?.subject} ${welcome?.text} ${welcome?.html}`).not.toContain(password);
    const delivered = await catcher.waitFor((mail) => mail.to.includes('odile.mbarga@example.cm'));
    expect(delivered.subject).toMatch(/^Bienvenue dans l’équipe /);
  });
});
