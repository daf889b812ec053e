import {
  ACCOUNT_RIGHTS_MESSAGES,
  contactChangeConfirmResponseSchema,
  contactChangeConfirmSchema,
  contactChangeRequestResponseSchema,
  contactChangeRequestSchema,
} from '@app/shared/account';
import { smsCountryRefused } from '@app/shared/phone';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, fieldError, unauthorized } from '../../lib/errors';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import { recordWrite } from '../audit/record-write';
import type { EmailMessage } from '../notifications/notifications.service';
import { escapeHtml, layout } from '../auth/auth.messages';
import { type CodeChannel, findUserById, releaseStaleContacts } from '../auth/auth.repository';
import { smsAllowed, TAKEN_MESSAGES, UNVERIFIED_CONTACT_HOLD_MS } from '../auth/auth.service';
import { codeCapReached, issueCode, resendWait, tooSoon, underCodeCaps, useCode } from '../auth/otp.service';
import { toPublicUser } from '../auth/session.service';

/** The code to the new contact: the code stands first in the subject, so a phone shows it. */
export function contactChangeEmail(to: string, code: string, firstName: string, siteName: string): EmailMessage {
  const hello = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  return {
    to,
    subject: `${code} est votre code pour changer d’adresse e-mail sur ${siteName}`,
    text: `${hello}\n\nPour que cette adresse devienne celle de votre compte ${siteName}, saisissez ce code : ${code}\nIl est valable 5 minutes.\n\n${siteName}`,
    html: layout(
      siteName,
      'Nouvelle adresse e-mail',
      `<p>${escapeHtml(hello)}</p><p>Pour que cette adresse devienne celle de votre compte, saisissez ce code :</p><p style="margin:16px 0;font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center">${code}</p><p>Il est valable 5 minutes.</p>`,
    ),
  };
}

export function contactChangeSms(code: string, siteName: string): string {
  return `${siteName} : votre code pour changer de numéro est ${code}. Il est valable 5 minutes.`;
}

/** Told to the old e-mail once the change is done: who did not ask for it learns of it. */
function contactChangedNotice(to: string, firstName: string, siteName: string, channel: CodeChannel): EmailMessage {
  const hello = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  const what = channel === 'email' ? 'L’adresse e-mail' : 'Le numéro de téléphone';
  return {
    to,
    subject: `${what} de votre compte ${siteName} a été modifié${channel === 'email' ? 'e' : ''}`,
    text: `${hello}\n\n${what} de votre compte vient d’être modifié${channel === 'email' ? 'e' : ''}.\nSi ce n’est pas vous, changez votre mot de passe et contactez le support.\n\n${siteName}`,
    html: layout(
      siteName,
      'Contact modifié',
      `<p>${escapeHtml(hello)}</p><p>${what} de votre compte vient d’être modifié${channel === 'email' ? 'e' : ''}.</p><p>Si ce n’est pas vous, changez votre mot de passe et contactez le support.</p>`,
    ),
  };
}

/**
 * Change of e-mail or phone with a code sent to the new contact (issue 27 item 8, decision 048).
 * The code machinery is sign-up's: 6 digits, 5 minutes, 5 tries, a minute between codes, the caps
 * per account and per destination. Until the code comes back the account keeps its old contact
 * (sign-in, reset); the other sessions are kept.
 */
export const contactChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/me/contact',
    {
      config: {
        access: 'authenticated',
        // Asking whether contacts are taken, one by one: at most 10 requests per account an hour.
        rateLimit: { hook: 'preHandler', max: 10, timeWindow: '1 hour', keyGenerator: perAccountKey('contact-change') },
      },
      schema: {
        tags: ['account'],
        summary: 'Demande le changement d’e-mail ou de téléphone : un code part vers le nouveau contact',
        body: contactChangeRequestSchema,
        response: { 200: contactChangeRequestResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const userId = actorOf(request).id;
      const user = await findUserById(app.db, userId);
      if (!user) throw unauthorized();
      const settings = await app.settings.get();
      const channel: CodeChannel = request.body.phone ? 'sms' : 'email';
      const field = channel === 'sms' ? 'phone' : 'email';
      const destination = (request.body.phone ?? request.body.email) as string;
      if (destination === user[field]) {
        throw fieldError(field, channel === 'sms' ? ACCOUNT_RIGHTS_MESSAGES.samePhone : ACCOUNT_RIGHTS_MESSAGES.sameEmail);
      }
      if (channel === 'sms' && !smsAllowed(destination, settings)) {
        throw fieldError('phone', smsCountryRefused(settings.security.smsCountries));
      }
      // As at sign-up: a contact held unverified for an hour by another account is let go (decision 008).
      await releaseStaleContacts(app.db, { [field]: destination }, new Date(Date.now() - UNVERIFIED_CONTACT_HOLD_MS));
      if (await takenByAnother(userId, field, destination))
        throw conflict(TAKEN_MESSAGES[field], { [field]: [TAKEN_MESSAGES[field]] });
      const code = await app.db.transaction(async (tx) => {
        // One request of an account at a time checks the minute and the caps, then stores the code.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-code|${userId}`}, 0))`);
        const wait = await resendWait(tx, userId, 'contact', channel);
        if (wait > 0) throw tooSoon(wait);
        if (!(await underCodeCaps(tx, userId, destination))) throw codeCapReached();
        return issueCode(tx, userId, 'contact', { channel, destination });
      });
      const siteName = settings.general.siteName;
      if (channel === 'sms') await app.notifications.queueSms({ to: destination, text: contactChangeSms(code, siteName) });
      else await app.notifications.queueEmail(contactChangeEmail(destination, code, user.firstName, siteName));
      return {
        message: channel === 'sms' ? ACCOUNT_RIGHTS_MESSAGES.codeSentSms : ACCOUNT_RIGHTS_MESSAGES.codeSentEmail,
        channel,
        destination,
      };
    },
  );

  app.post(
    '/users/me/contact/confirm',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Confirme le nouveau contact avec le code reçu : il remplace l’ancien',
        body: contactChangeConfirmSchema,
        response: { 200: contactChangeConfirmResponseSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      const userId = actorOf(request).id;
      const before = await findUserById(app.db, userId);
      if (!before) throw unauthorized();
      const code = await useCode(app.db, userId, 'contact', request.body.otp);
      const channel = code.channel as CodeChannel;
      const field = channel === 'sms' ? 'phone' : 'email';
      const destination = code.destination;
      await releaseStaleContacts(app.db, { [field]: destination }, new Date(Date.now() - UNVERIFIED_CONTACT_HOLD_MS));
      const taken = () =>
        conflict(ACCOUNT_RIGHTS_MESSAGES.contactTakenMeanwhile, { [field]: [ACCOUNT_RIGHTS_MESSAGES.contactTakenMeanwhile] });
      if (await takenByAnother(userId, field, destination)) throw taken();
      let updated: typeof before;
      try {
        updated = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set(
              field === 'phone'
                ? { phone: destination, phoneVerified: true, isVerified: true, updatedAt: new Date() }
                : { email: destination, emailVerified: true, isVerified: true, updatedAt: new Date() },
            )
            .where(eq(users.id, userId))
            .returning();
          if (!row) throw unauthorized();
          // No contact in the audit row: it must outlive a deletion without personal data (decision 048).
          await recordWrite(tx, {
            audit: {
              actorId: userId,
              action: field === 'phone' ? 'user.change_phone' : 'user.change_email',
              targetType: 'user',
              targetId: userId,
            },
          });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      // The old e-mail hears of it (a phone change is told to the e-mail, when there is one).
      const notify = before.email;
      if (notify) {
        const settings = await app.settings.get();
        await app.notifications.queueEmail(contactChangedNotice(notify, before.firstName, settings.general.siteName, channel));
      }
      return {
        message: field === 'phone' ? ACCOUNT_RIGHTS_MESSAGES.phoneChanged : ACCOUNT_RIGHTS_MESSAGES.emailChanged,
        user: toPublicUser(updated),
      };
    },
  );

  /** Another account holds this contact (verified, or unverified within its hour). */
  async function takenByAnother(userId: string, field: 'email' | 'phone', value: string): Promise<boolean> {
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, userId), field === 'email' ? eq(users.email, value) : eq(users.phone, value)))
      .limit(1);
    return Boolean(row);
  }
};
