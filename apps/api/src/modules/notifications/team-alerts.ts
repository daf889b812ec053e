import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '@app/shared/settings';
import type { SettingsService } from '../settings/settings.service';
import type { NotificationService } from './notifications.service';

type Topic = keyof Pick<Settings['notifications'], 'notifyOnNewEvent' | 'notifyOnEventUpdate' | 'notifyOnRegistration'>;

export interface TeamAlertDeps {
  settings: SettingsService;
  notifications: NotificationService;
  log: FastifyBaseLogger;
}

/**
 * E-mails the site's contact address (settings › general › contactEmail) when the notification
 * settings ask for this topic. The e-mail goes into the outbox and is sent after the request;
 * never fails the request that triggered it.
 */
export async function alertTeam(deps: TeamAlertDeps, topic: Topic | 'always', subject: string, lines: string[]): Promise<void> {
  try {
    const settings = await deps.settings.get();
    const to = settings.general.contactEmail;
    // 'always': work waiting for the team (an event to approve again), sent whenever e-mails are on.
    if (!to || !settings.notifications.emailNotifications || (topic !== 'always' && !settings.notifications[topic])) return;
    await deps.notifications.queueEmail({ to, subject, text: lines.join('\n') });
  } catch (error) {
    deps.log.warn({ err: error, topic }, 'team alert not stored');
  }
}
