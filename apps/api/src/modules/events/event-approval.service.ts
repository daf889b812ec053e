import { APPROVAL_MESSAGES, type EventDetail } from '@app/shared/events';
import { AppError } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { countPendingApproval, findOrganiserContact, lockPendingEvent, markRefused } from './event-approval.repository';
import type { EventRow } from './events.repository';
import { transitionStatus } from './events.repository';
import type { EventsDeps } from './events-deps-of';
import { getEventFor } from './event-reads';

/**
 * The 'À approuver' queue (issue 25 item 11): with 'Approbation requise' on, an organiser's draft
 * waits for an event manager, who approves it (published) or refuses it with a reason. The
 * organiser is told either way through the outbox (decision 018), by e-mail, else by SMS.
 */

const notPending = () => new AppError('CONFLICT', APPROVAL_MESSAGES.notPending);

async function queueOpen(deps: EventsDeps): Promise<boolean> {
  return (await deps.settings.get()).events.requireApproval;
}

export async function pendingApprovalCount(deps: EventsDeps): Promise<{ count: number }> {
  return { count: (await queueOpen(deps)) ? await countPendingApproval(deps.db) : 0 };
}

export async function approveEvent(deps: EventsDeps, actor: SessionUser, id: string): Promise<EventDetail> {
  if (!(await queueOpen(deps))) throw notPending();
  const event = await deps.db.transaction(async (tx) => {
    const pending = await lockPendingEvent(tx, id);
    if (!pending) throw notPending();
    const row = await transitionStatus(tx, id, 'draft', 'published');
    if (!row) throw notPending();
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'event.approve',
        targetType: 'event',
        targetId: id,
        before: { status: 'draft' },
        after: { status: 'published' },
      },
    });
    return row;
  });
  await tellOrganiser(deps, event, 'approved');
  return getEventFor(deps, actor, id);
}

export async function refuseEvent(deps: EventsDeps, actor: SessionUser, id: string, reason: string): Promise<EventDetail> {
  if (!(await queueOpen(deps))) throw notPending();
  const event = await deps.db.transaction(async (tx) => {
    const pending = await lockPendingEvent(tx, id);
    if (!pending) throw notPending();
    const row = await markRefused(tx, id, reason);
    if (!row) throw notPending();
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'event.refuse',
        targetType: 'event',
        targetId: id,
        before: { status: 'draft' },
        after: { status: 'draft', refusalReason: reason },
      },
    });
    return row;
  });
  await tellOrganiser(deps, event, 'refused', reason);
  return getEventFor(deps, actor, id);
}

/** The decision, to the organiser: stored in the outbox, sent after the answer (decision 018). */
async function tellOrganiser(deps: EventsDeps, event: EventRow, decision: 'approved' | 'refused', reason?: string) {
  if (!event.organizerId) return;
  try {
    const contact = await findOrganiserContact(deps.db, event.organizerId);
    if (!contact) return;
    const subject =
      decision === 'approved'
        ? `Votre événement est publié : ${event.title}`
        : `Votre événement n’est pas publié : ${event.title}`;
    const lines =
      decision === 'approved'
        ? [`Bonjour ${contact.firstName},`, '', `Un administrateur a approuvé « ${event.title} » : il est publié.`]
        : [
            `Bonjour ${contact.firstName},`,
            '',
            `Un administrateur n’a pas publié « ${event.title} ».`,
            `Motif : ${reason ?? ''}`,
            '',
            'Modifiez l’événement : il sera de nouveau proposé à l’approbation.',
          ];
    if (contact.email) {
      await deps.notifications.queueEmail({ to: contact.email, subject, text: lines.join('\n') });
    } else if (contact.phone) {
      await deps.notifications.queueSms({ to: contact.phone, text: `${subject}${reason ? `. Motif : ${reason}` : ''}` });
    }
  } catch (error) {
    deps.log.warn({ err: error, eventId: event.id }, 'approval decision not stored for the organiser');
  }
}
