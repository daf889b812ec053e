import { DAY_MS } from '@app/shared/douala-time';
import type { EventStats, EventStatsDay } from '@app/shared/event-stats';
import { isPremiumActive } from '@app/shared/premium';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { type DailyRow, findStatsEvent, readDaily } from './event-stats.repository';
import { EVENT_NOT_FOUND } from '../events/event-access';

/*
 * The statistics of an event (issue 27 item 5, decision 040). Only its organiser and
 * `manage_events` read them; anyone else gets 404, as if the event did not exist. Totals for every
 * organiser; the days and the sources while the organiser has premium (plan premium, not past
 * `premium_until`); `manage_events` always sees all.
 */

/** The chart shows at most the last year of days. */
export const MAX_DAYS = 366;

/** Every day from the first row to the last (days without a figure count 0), the last MAX_DAYS. */
function dailySeries(rows: DailyRow[]): EventStatsDay[] {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return [];
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const end = Date.parse(last.day);
  const start = Math.max(Date.parse(first.day), end - (MAX_DAYS - 1) * DAY_MS);
  const days: EventStatsDay[] = [];
  for (let at = start; at <= end; at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    const row = byDay.get(date);
    days.push({
      date,
      views: row?.views ?? 0,
      visitors: row?.visitors ?? 0,
      participants: row?.participants ?? 0,
      likes: row?.likes ?? 0,
      comments: row?.comments ?? 0,
    });
  }
  return days;
}

export async function eventStats(db: Database, actor: SessionUser, eventId: string, now = new Date()): Promise<EventStats> {
  const event = await findStatsEvent(db, eventId);
  const admin = actor.permissions.includes('manage_events');
  if (!event || (event.organizerId !== actor.id && !admin)) throw notFound(EVENT_NOT_FOUND);
  const rows = await readDaily(db, event.id);
  const sum = (pick: (row: DailyRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const visitors = sum((row) => row.visitors);
  const participants = sum((row) => row.participants);
  const premium = admin || isPremiumActive(event.plan, event.premiumUntil, now);
  return {
    eventId: event.id,
    title: event.title,
    premium,
    totals: {
      views: sum((row) => row.views),
      visitors,
      participants,
      likes: sum((row) => row.likes),
      comments: sum((row) => row.comments),
      conversionRate: visitors > 0 ? participants / visitors : null,
    },
    daily: premium ? dailySeries(rows) : null,
    sources: premium
      ? {
          whatsapp: sum((row) => row.srcWhatsapp),
          facebook: sum((row) => row.srcFacebook),
          direct: sum((row) => row.srcDirect),
          referral: sum((row) => row.srcReferral),
          other: sum((row) => row.srcOther),
        }
      : null,
  };
}
