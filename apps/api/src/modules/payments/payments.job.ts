import { and, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import { DAY_MS } from '@app/shared/douala-time';
import { PREMIUM_REMINDER_DAYS } from '@app/shared/payments';
import { users } from '../../db/schema/index';
import { reminderEmail, reminderSms } from './payments.messages';
import { claimDuePayments, queueMessage } from './payments.repository';
import { quietHoursEnd } from '@app/shared/notification-kinds';
import { wantsChannel } from '../user-notifications/notification-preferences';
import { notifyUser } from '../user-notifications/user-notifications.writes';
import { type PaymentDeps, reconcilePayment } from './payments.service';

/*
 * The payments job (decision 052), run by every instance: it leases the payments whose next
 * check is due (`for update skip locked`, so two instances never ask about the same one) and
 * reads their status back from the provider; and it sends the premium reminder three days before
 * the end, once per period.
 */

/** A claimed payment is not claimed again for this long (a crashed instance's lease runs out). */
const LEASE_MS = 2 * 60_000;

/** Asks the providers about the payments that are due; answers how many were asked. Never throws. */
export async function runPaymentChecks(deps: PaymentDeps, limit = 20): Promise<number> {
  let due: Awaited<ReturnType<typeof claimDuePayments>>;
  try {
    due = await claimDuePayments(deps.db, limit, LEASE_MS);
  } catch (error) {
    deps.log.warn({ err: error }, 'payments job: due payments not read');
    return 0;
  }
  for (const payment of due) {
    try {
      await reconcilePayment(deps, payment.id, { via: 'job' });
    } catch (error) {
      deps.log.warn({ err: error, paymentId: payment.id }, 'payments job: status not applied; asked again after the lease');
    }
  }
  return due.length;
}

/**
 * Three days before premium ends: one e-mail and one SMS, once per period (`premium_reminded_for`
 * holds the end already reminded of; a renewal moves the end, so the next period is reminded of
 * too). Marked and queued in one transaction; rows locked by another instance are skipped.
 * No automatic debit: the message says how to renew. Answers how many accounts were reminded.
 */
export async function sendPremiumReminders(deps: PaymentDeps, now = new Date(), limit = 50): Promise<number> {
  const renewUrl = `${deps.publicUrl.replace(/\/$/, '')}/mon-compte/premium`;
  try {
    return await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: users.id, email: users.email, phone: users.phone, premiumUntil: users.premiumUntil })
        .from(users)
        .where(
          and(
            eq(users.plan, 'premium'),
            isNotNull(users.premiumUntil),
            gt(users.premiumUntil, now),
            lte(users.premiumUntil, new Date(now.getTime() + PREMIUM_REMINDER_DAYS * DAY_MS)),
            or(sql`${users.premiumRemindedFor} is null`, sql`${users.premiumRemindedFor} <> ${users.premiumUntil}`),
            eq(users.isBlocked, false),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const account of due) {
        const until = account.premiumUntil as Date;
        await tx.update(users).set({ premiumRemindedFor: until }).where(eq(users.id, account.id));
        await notifyUser(tx, { userId: account.id, kind: 'premium_ending', data: { premiumUntil: until.toISOString() } });
        if (account.email && (await wantsChannel(tx, account.id, 'premium_ending', 'email')))
          await queueMessage(tx, { channel: 'email', recipient: account.email, ...reminderEmail(until, renewUrl) });
        if (account.phone && (await wantsChannel(tx, account.id, 'premium_ending', 'sms')))
          await queueMessage(tx, {
            channel: 'sms',
            recipient: account.phone,
            text: reminderSms(until, renewUrl),
            nextAttemptAt: quietHoursEnd(now) ?? now,
          });
      }
      return due.length;
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'premium reminders not sent; tried again at the next tick');
    return 0;
  }
}
