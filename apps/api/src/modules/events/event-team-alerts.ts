import { DOUALA_TIME_ZONE } from '@app/shared/douala-time';
import { alertTeam } from '../notifications/team-alerts';
import type { EventsDeps } from './events-deps-of';
import type { EventRow } from './events.repository';

/* What the team is told about organisers' events (notifications outbox, decision 018). */

/** Tells the team about a new or changed event when the settings ask for it. */
export function notifyContact(deps: EventsDeps, kind: 'new' | 'update', event: EventRow, what: string): Promise<void> {
  return alertTeam(
    deps,
    kind === 'new' ? 'notifyOnNewEvent' : 'notifyOnEventUpdate',
    kind === 'new' ? `Nouvel événement : ${event.title}` : `Événement modifié : ${event.title}`,
    [
      what,
      '',
      `Titre : ${event.title}`,
      `Ville : ${event.city}`,
      `Début : ${event.startDateTime.toLocaleString('fr-FR', { timeZone: DOUALA_TIME_ZONE })}`,
      `Statut : ${event.status}`,
      '',
      `${deps.publicUrl}/admin/events`,
    ],
  );
}

/** Tells the team that an edited event waits for their approval. */
export function alertApprovalNeeded(deps: EventsDeps, event: EventRow): Promise<void> {
  return alertTeam(deps, 'always', `Événement à approuver de nouveau : ${event.title}`, [
    'L’organisateur a modifié un événement publié : il est masqué du public jusqu’à une nouvelle publication.',
    '',
    `Titre : ${event.title}`,
    `Ville : ${event.city}`,
    '',
    `${deps.publicUrl}/admin/events`,
  ]);
}

/** Tells the team that an organiser asks for the publication of a draft (decision 038). */
export function alertSubmitted(deps: EventsDeps, event: EventRow): Promise<void> {
  return alertTeam(deps, 'always', `Événement à approuver : ${event.title}`, [
    'Un organisateur demande la publication de son événement.',
    '',
    `Titre : ${event.title}`,
    `Ville : ${event.city}`,
    `Début : ${event.startDateTime.toLocaleString('fr-FR', { timeZone: DOUALA_TIME_ZONE })}`,
    '',
    `${deps.publicUrl}/admin/events?approval=pending`,
  ]);
}
