import { APPROVAL_MESSAGES, type EventDetail, isReopenable, REOPEN_ENDED } from '@app/shared/events';
import { conflict } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { loadManaged } from './event-access';
import { cancellationNotice, queueParticipantNotice } from './event-participant-notices';
import { markSubmitted } from './event-approval.repository';
import { approvalState } from './event-approval-state';
import { loadDetail } from './event-reads';
import { alertSubmitted, notifyContact } from './event-team-alerts';
import type { EventsDeps } from './events-deps-of';
import { advisoryLock, countActiveEventsOf, type EventWithCreator, transitionStatus } from './events.repository';
import { managesEvents } from './event-visibility';

/*
 * An event's status (decision 023): publish (draft → published; with 'Approbation requise', an
 * organiser's 'Publier' submits the draft to the team instead), cancel (published → cancelled,
 * with an optional message to the participants, each told by e-mail, and by SMS within 48 hours
 * of the start: event-participant-notices.ts), reopen (cancelled → draft).
 */

const TRANSITIONS = {
  publish: { from: 'draft', to: 'published', refused: 'Seul un événement en brouillon peut être publié' },
  cancel: { from: 'published', to: 'cancelled', refused: 'Seul un événement publié peut être annulé' },
  /** The only way out of a cancellation: back to draft, to be published again (approved, with requireApproval). */
  reopen: { from: 'cancelled', to: 'draft', refused: 'Seul un événement annulé peut être rouvert' },
} as const;

export async function changeEventStatus(
  deps: EventsDeps,
  actor: SessionUser,
  id: string,
  action: keyof typeof TRANSITIONS,
  cancellationMessage?: string,
): Promise<EventDetail> {
  const existing = await loadManaged(deps, actor, id);
  const transition = TRANSITIONS[action];
  if (existing.status !== transition.from) throw conflict(transition.refused);
  // With 'Approbation requise', an organiser's 'Publier' submits the draft to the team (decision 038).
  if (action === 'publish' && !managesEvents(actor) && (await deps.settings.get()).events.requireApproval) {
    return submitForApproval(deps, actor, existing);
  }
  if (action === 'reopen' && !isReopenable(existing)) throw conflict(REOPEN_ENDED);
  // A reopened event counts again among its organiser's events. The limit is read before the
  // transaction: on PGlite (one connection) a read outside it would wait for it.
  const limits = action === 'reopen' && !managesEvents(actor) && existing.organizerId ? (await deps.settings.get()).events : null;
  const updated = await deps.db.transaction(async (tx) => {
    if (limits && existing.organizerId) {
      await advisoryLock(tx, `organizer:${existing.organizerId}`);
      if ((await countActiveEventsOf(tx, existing.organizerId)) >= limits.maxEventsPerUser) {
        throw conflict(`Vous avez atteint la limite de ${limits.maxEventsPerUser} événements par utilisateur`);
      }
    }
    const message = action === 'cancel' ? cancellationMessage || null : undefined;
    const row = await transitionStatus(
      tx,
      id,
      transition.from,
      transition.to,
      message === undefined ? {} : { cancellationMessage: message },
    );
    if (!row) throw conflict(transition.refused);
    if (action === 'cancel') {
      await queueParticipantNotice(tx, id, cancellationNotice(row, message ?? null, deps.publicUrl), { except: actor.id });
    }
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: `event.${action}`,
        targetType: 'event',
        targetId: id,
        before: { status: existing.status },
        after: { status: row.status, ...(message ? { cancellationMessage: message } : {}) },
      },
    });
    return row;
  });
  await notifyContact(
    deps,
    'update',
    updated,
    {
      publish: 'Un événement a été publié.',
      cancel: 'Un événement a été annulé.',
      reopen: 'Un événement annulé a été rouvert (brouillon).',
    }[action],
  );
  return loadDetail(deps, { ...updated, creatorName: existing.creatorName }, true);
}

/**
 * 'Publier' by an organiser while 'Approbation requise' is on (decision 038): the draft is
 * submitted, joins the 'À approuver' queue and the team is told; 409 when it already waits.
 */
async function submitForApproval(deps: EventsDeps, actor: SessionUser, existing: EventWithCreator): Promise<EventDetail> {
  if (approvalState(existing) === 'submitted') throw conflict(APPROVAL_MESSAGES.alreadySubmitted);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await markSubmitted(tx, existing.id);
    if (!row) throw conflict(TRANSITIONS.publish.refused);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'event.submit',
        targetType: 'event',
        targetId: existing.id,
        before: { status: 'draft' },
        after: { status: 'draft', submittedForApprovalAt: row.submittedForApprovalAt?.toISOString() ?? null },
      },
    });
    return row;
  });
  await alertSubmitted(deps, updated);
  return loadDetail(deps, { ...updated, creatorName: existing.creatorName }, true);
}
