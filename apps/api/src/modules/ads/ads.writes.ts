import type { UserNotificationData } from '@app/shared/user-notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adCampaigns, events } from '../../db/schema/index';
import { notifyUser } from '../user-notifications/user-notifications.writes';

/*
 * What other modules write about a campaign, in their own transaction: the payments module when
 * its payment is counted or refunded (decision 068). Kept apart from the ads service so the
 * payments module does not depend on it.
 */

type Outcome = NonNullable<UserNotificationData['campaignOutcome']>;

/** Tells the advertiser what happened to their campaign (a notification, and a push by their choice). */
export async function notifyAdvertiser(
  tx: Executor,
  campaignId: string,
  outcome: Outcome,
  extra: Pick<UserNotificationData, 'message' | 'amount'> = {},
): Promise<void> {
  const [campaign] = await tx
    .select({ advertiserId: adCampaigns.advertiserId, eventId: adCampaigns.eventId, title: events.title })
    .from(adCampaigns)
    .innerJoin(events, eq(events.id, adCampaigns.eventId))
    .where(eq(adCampaigns.id, campaignId));
  if (!campaign) return;
  await notifyUser(tx, {
    userId: campaign.advertiserId,
    kind: 'campaign_update',
    eventId: campaign.eventId,
    data: { eventTitle: campaign.title, campaignOutcome: outcome, ...extra },
  });
}

/** A campaign's payment was counted: it now waits for the team (once: only from 'unpaid'). */
export async function campaignPaid(tx: Executor, payment: { campaignId: string | null; amount: number }): Promise<void> {
  if (!payment.campaignId) return;
  const [moved] = await tx
    .update(adCampaigns)
    .set({ status: 'pending_review', updatedAt: sql`now()` })
    .where(and(eq(adCampaigns.id, payment.campaignId), eq(adCampaigns.status, 'unpaid')))
    .returning({ id: adCampaigns.id });
  if (moved) await notifyAdvertiser(tx, moved.id, 'paid', { amount: payment.amount });
}

/** A campaign's payment was refunded from 'Transactions': it no longer shows. */
export async function campaignRefunded(tx: Executor, campaignId: string, reason: string): Promise<void> {
  const [moved] = await tx
    .update(adCampaigns)
    .set({ status: 'stopped', reason, updatedAt: sql`now()` })
    .where(and(eq(adCampaigns.id, campaignId), sql`${adCampaigns.status} in ('pending_review', 'approved', 'suspended')`))
    .returning({ id: adCampaigns.id });
  if (moved) await notifyAdvertiser(tx, moved.id, 'stopped', { message: reason });
}
