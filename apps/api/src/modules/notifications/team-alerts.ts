import type { FastifyInstance } from 'fastify';
import type { Settings } from '@app/shared/settings';

type Topic = keyof Pick<Settings['notifications'], 'notifyOnNewEvent' | 'notifyOnEventUpdate' | 'notifyOnRegistration'>;

/**
 * E-mails the site's contact address (settings › general › contactEmail) when the notification
 * settings ask for this topic. Never fails the request that triggered it.
 */
export async function alertTeam(app: FastifyInstance, topic: Topic | 'always', subject: string, lines: string[]): Promise<void> {
  try {
    const settings = await app.settings.get();
    const to = settings.general.contactEmail;
    // 'always': work waiting for the team (an event to approve again), sent whenever e-mails are on.
    if (!to || !settings.notifications.emailNotifications || (topic !== 'always' && !settings.notifications[topic])) return;
    await app.notifications.sendEmail({ to, subject, text: lines.join('\n') });
  } catch (error) {
    app.log.warn({ err: error, topic }, 'team alert not sent');
  }
}
