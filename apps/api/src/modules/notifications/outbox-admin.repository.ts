import { and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OutboxChannel, OutboxSummary } from '@app/shared/outbox';
import { phoneSearchDigits } from '@app/shared/phone';
import { boundedCount } from '../../db/bounded-count';
import type { Database, Executor, Tx } from '../../db/client';
import { phoneOrTextCondition } from '../../db/contains-condition';
import { pageAndTotal } from '../../db/page-and-total';
import { pageIdsOf } from '../../db/page-ids';
import { outboundMessages, pushSubscriptions, users } from '../../db/schema/index';
import { likePattern } from '../../lib/text';
import type { OutboundMessageRow } from './notifications.repository';

/*
 * The dead letters of the outbox for the team (decision 066): listed on the partial indexes of the
 * failed messages, latest failure first; sent again or deleted one at a time, or all sent again.
 */

const FAILED = eq(outboundMessages.status, 'failed');

/** The list's order, the one of `outbound_messages_failed_idx` (and of its per-channel twin). */
const LATEST_FAILURE_FIRST = [sql`${outboundMessages.failedAt} desc nulls last`, sql`${outboundMessages.id} desc nulls last`];

const searched = alias(users, 'searched');

/**
 * A recipient like the search: its e-mail or number as written (a number also by its digits, in
 * any written form), or a contact or device of an account whose name, username, e-mail or phone
 * match (the accounts' trigram index). Each part is served by an index of the failed messages (a
 * trigram one, and an equality one for the accounts' contacts, gathered first as one array).
 */
function recipientSearch(query: string): SQL {
  const conditions: SQL[] = [sql`${outboundMessages.recipient} ilike ${likePattern(query)}`];
  const digits = phoneSearchDigits(query);
  if (digits) conditions.push(sql`${outboundMessages.recipient} like ${likePattern(digits)}`);
  const matching = phoneOrTextCondition(searched.searchText, query);
  conditions.push(sql`${outboundMessages.recipient} = any(array(
    select contact.value from ${users} ${searched}
      cross join lateral (values (${searched.email}), (${searched.phone})) as contact(value)
      where ${matching} and contact.value is not null
    union all
    select ${pushSubscriptions.id}::text from ${pushSubscriptions}
      where ${pushSubscriptions.userId} in (select ${searched.id} from ${users} ${searched} where ${matching})))`);
  return or(...conditions) as SQL;
}

export interface FailedMessagesFilter {
  channel?: OutboxChannel;
  search?: string;
}

/** The failed messages of one channel (or all), searched by recipient. */
export function failedMessagesWhere(filter: FailedMessagesFilter): SQL {
  const conditions: SQL[] = [FAILED];
  if (filter.channel) conditions.push(eq(outboundMessages.channel, filter.channel));
  if (filter.search) conditions.push(recipientSearch(filter.search));
  return and(...conditions) as SQL;
}

/**
 * One page of failed messages, latest failure first, and their total (exact up to 1,000). A
 * search reads through pageAndTotal: its few matches from the indexes, not a walk of every dead
 * letter in order.
 */
export async function failedMessagesPage(
  db: Database,
  filter: FailedMessagesFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OutboundMessageRow[]; total: number }> {
  const where = failedMessagesWhere(filter);
  return pageAndTotal(db, {
    search: filter.search ? { table: outboundMessages, condition: recipientSearch(filter.search) } : undefined,
    page: (executor) =>
      executor
        .select()
        .from(outboundMessages)
        .where(inArray(outboundMessages.id, pageIdsOf(executor, outboundMessages.id, where, LATEST_FAILURE_FIRST, page)))
        .orderBy(...LATEST_FAILURE_FIRST),
    count: (executor) => boundedCount(executor, outboundMessages, where),
  });
}

export interface ContactOwner {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
}

/** The accounts holding these e-mail addresses or numbers (one query for a page). */
export async function contactOwners(db: Executor, contacts: string[]): Promise<ContactOwner[]> {
  if (contacts.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(or(inArray(users.email, contacts), inArray(users.phone, contacts)));
}

export interface DeviceOwner extends Omit<ContactOwner, 'email' | 'phone'> {
  subscriptionId: string;
  device: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The devices still subscribed among these push recipients, with their owners (one query for a page). */
export async function deviceOwners(db: Executor, subscriptionIds: string[]): Promise<DeviceOwner[]> {
  const ids = subscriptionIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return [];
  return db
    .select({
      subscriptionId: pushSubscriptions.id,
      device: pushSubscriptions.userAgent,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.id, ids));
}

/** Pending (and, of those, retrying) and failed messages, each a bounded count on its own index. */
export async function countOutbox(db: Database): Promise<OutboxSummary> {
  const pending = eq(outboundMessages.status, 'pending');
  const [pendingCount, retrying, failed] = await Promise.all([
    boundedCount(db, outboundMessages, pending),
    boundedCount(db, outboundMessages, and(pending, gt(outboundMessages.attempts, 0))),
    boundedCount(db, outboundMessages, FAILED),
  ]);
  return { pending: pendingCount, retrying, failed };
}

/** The message, locked until the transaction ends (two team members acting on it take turns). */
export async function lockMessage(tx: Tx, id: string): Promise<OutboundMessageRow | null> {
  const [row] = await tx.select().from(outboundMessages).where(eq(outboundMessages.id, id)).for('update');
  return row ?? null;
}

/** Whether a push's device is still subscribed (its recipient is the subscription's id). */
export async function deviceSubscribed(tx: Executor, subscriptionId: string): Promise<boolean> {
  if (!UUID.test(subscriptionId)) return false;
  const [row] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId))
    .limit(1);
  return row !== undefined;
}

/** Back to the queue as new: pending, no attempt made, due now (the clock the retry loop reads); the loop sends it. */
function requeued() {
  return { status: 'pending', attempts: 0, nextAttemptAt: new Date(), failedAt: null } as const;
}

export async function requeueMessage(tx: Tx, id: string): Promise<void> {
  await tx.update(outboundMessages).set(requeued()).where(eq(outboundMessages.id, id));
}

/**
 * Up to `max` failed messages (of one channel) back to the queue, latest failure first, leaving
 * out the pushes whose device is gone (they can never be sent) and the rows another transaction
 * holds. Answers how many went.
 */
export async function requeueFailed(tx: Tx, filter: Pick<FailedMessagesFilter, 'channel'>, max: number): Promise<number> {
  const sendable = sql`case when ${outboundMessages.channel} = 'push'
    then exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.id} = ${outboundMessages.recipient}::uuid)
    else true end`;
  const chosen = tx
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(and(failedMessagesWhere(filter), sendable))
    .orderBy(...LATEST_FAILURE_FIRST)
    .limit(max)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(outboundMessages)
    .set(requeued())
    .where(and(inArray(outboundMessages.id, chosen), FAILED))
    .returning({ id: outboundMessages.id });
  return rows.length;
}

export async function deleteMessage(tx: Tx, id: string): Promise<void> {
  await tx.delete(outboundMessages).where(eq(outboundMessages.id, id));
}
