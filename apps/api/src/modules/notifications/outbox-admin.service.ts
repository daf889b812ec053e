import { pageWindow } from '../../db/page-window';
import {
  type FailedMessage,
  type FailedMessagesPage,
  type FailedMessagesQuery,
  OUTBOX_MESSAGES as M,
  OUTBOX_RETRY_ALL_MAX,
  type OutboxActionResponse,
  type OutboxSummary,
  type RetryAllFailedInput,
  retriedAllMessage,
} from '@app/shared/outbox';
import type { Database, Tx } from '../../db/client';
import { displayName } from '../../lib/display-name';
import { conflict, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import type { OutboundMessageRow } from './notifications.repository';
import {
  contactOwners,
  countOutbox,
  deleteMessage,
  deviceOwners,
  deviceSubscribed,
  failedMessagesPage,
  lockMessage,
  requeueFailed,
  requeueMessage,
} from './outbox-admin.repository';
import { failureReason, messagePreview } from './outbox-text';

/*
 * 'Envois en échec' (manage_chats, decision 066): the outbox's dead letters, what they were, to
 * whom and why they failed; 'Renvoyer' puts one back in the queue as new (the retry loop sends it),
 * 'Tout renvoyer' does so for up to 1,000, 'Supprimer' drops one. Each action is audited.
 */

export interface OutboxAdminDeps {
  db: Database;
}

/** What the audit keeps of a message: to whom, what, and how it failed (never its text). */
function auditView(row: OutboundMessageRow) {
  return {
    channel: row.channel,
    recipient: row.recipient,
    preview: messagePreview(row),
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    failedAt: row.failedAt?.toISOString() ?? null,
  };
}

export async function listFailedMessages(deps: OutboxAdminDeps, query: FailedMessagesQuery): Promise<FailedMessagesPage> {
  const filter = { channel: query.channel, search: query.search || undefined };
  const { rows, total } = await failedMessagesPage(deps.db, filter, pageWindow(query));
  const contacts = rows.filter((row) => row.channel !== 'push').map((row) => row.recipient);
  const devices = rows.filter((row) => row.channel === 'push').map((row) => row.recipient);
  const [owners, subscribed] = await Promise.all([contactOwners(deps.db, contacts), deviceOwners(deps.db, devices)]);
  const ownerOf = new Map<string, { _id: string; name: string }>();
  for (const owner of owners) {
    const person = { _id: owner.id, name: displayName(owner) };
    if (owner.email) ownerOf.set(owner.email, person);
    if (owner.phone) ownerOf.set(owner.phone, person);
  }
  const deviceOf = new Map(subscribed.map((device) => [device.subscriptionId, device]));
  const items = rows.map((row): FailedMessage => {
    const device = row.channel === 'push' ? deviceOf.get(row.recipient) : undefined;
    return {
      _id: row.id,
      channel: row.channel,
      recipient: row.channel === 'push' ? null : row.recipient,
      person:
        row.channel === 'push'
          ? device
            ? { _id: device.id, name: displayName(device) }
            : null
          : (ownerOf.get(row.recipient) ?? null),
      device: device?.device ?? null,
      preview: messagePreview(row),
      attempts: row.attempts,
      reason: row.channel === 'push' && !device ? 'device_gone' : failureReason(row.lastError),
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      failedAt: row.failedAt?.toISOString() ?? null,
      canRetry: row.channel !== 'push' || device !== undefined,
    };
  });
  return { items, total };
}

export function outboxSummary(deps: OutboxAdminDeps): Promise<OutboxSummary> {
  return countOutbox(deps.db);
}

/** The failed message, locked for the transaction: 404 when unknown, 409 when it is no longer failed. */
async function lockFailed(tx: Tx, id: string) {
  const row = await lockMessage(tx, id);
  if (!row) throw notFound(M.notFound);
  if (row.status !== 'failed') throw conflict(M.notFailed);
  return row;
}

/** 'Renvoyer': back in the queue as new (no attempt made, due now); the retry loop sends it. Audited. */
export async function retryFailedMessage(deps: OutboxAdminDeps, actor: SessionUser, id: string): Promise<OutboxActionResponse> {
  await deps.db.transaction(async (tx) => {
    const row = await lockFailed(tx, id);
    if (row.channel === 'push' && !(await deviceSubscribed(tx, row.recipient))) throw conflict(M.deviceGone);
    await requeueMessage(tx, id);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'outbox.retry',
        targetType: 'outbound_message',
        targetId: id,
        before: auditView(row),
        after: { status: 'pending', attempts: 0 },
      },
    });
  });
  return { message: M.retried, count: 1, summary: await countOutbox(deps.db) };
}

/** 'Tout renvoyer': up to OUTBOX_RETRY_ALL_MAX failed messages (of one channel) back in the queue. Audited once. */
export async function retryAllFailed(
  deps: OutboxAdminDeps,
  actor: SessionUser,
  input: RetryAllFailedInput,
): Promise<OutboxActionResponse> {
  const count = await deps.db.transaction(async (tx) => {
    const requeued = await requeueFailed(tx, { channel: input.channel }, OUTBOX_RETRY_ALL_MAX);
    if (requeued > 0) {
      await recordWrite(tx, {
        audit: {
          actorId: actor.id,
          action: 'outbox.retry_all',
          targetType: 'outbound_message',
          after: { channel: input.channel ?? null, count: requeued },
        },
      });
    }
    return requeued;
  });
  return {
    message: count > 0 ? retriedAllMessage(count) : M.nothingToRetry,
    count,
    summary: await countOutbox(deps.db),
  };
}

/** 'Supprimer': the failed message is dropped, never to be sent; the audit keeps what it was. */
export async function deleteFailedMessage(deps: OutboxAdminDeps, actor: SessionUser, id: string): Promise<OutboxActionResponse> {
  await deps.db.transaction(async (tx) => {
    const row = await lockFailed(tx, id);
    await deleteMessage(tx, id);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'outbox.delete',
        targetType: 'outbound_message',
        targetId: id,
        before: auditView(row),
      },
    });
  });
  return { message: M.deleted, count: 1, summary: await countOutbox(deps.db) };
}
