import { z } from 'zod';

/*
 * The statistics of one event for its organiser (issue 27 item 5, decision 040): read from the
 * daily roll-up `event_daily_stats`. Totals for everyone; the days and the sources with premium.
 */

export const VIEW_SOURCES = ['whatsapp', 'facebook', 'direct', 'referral', 'other'] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

/**
 * Where a view came from: `?src=` of a shared link first (`whatsapp`/`wa`, `facebook`/`fb`,
 * `referral`/`ref`, `direct`), a referral link (`?ref=CODE`, sent as `src=referral`), then the
 * address of the page before (the Referer of the event page): WhatsApp, Facebook or Messenger,
 * this site itself or nothing (direct), any other site (other).
 */
export function viewSourceOf(src: string | undefined, referrer: string | undefined, ownHost: string | null): ViewSource {
  const given = src?.trim().toLowerCase();
  if (given) {
    if (given === 'whatsapp' || given === 'wa') return 'whatsapp';
    if (given === 'facebook' || given === 'fb' || given === 'messenger') return 'facebook';
    if (given === 'referral' || given === 'ref' || given === 'parrainage') return 'referral';
    if (given === 'direct') return 'direct';
    return 'other';
  }
  if (!referrer?.trim()) return 'direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'other';
  }
  const within = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (within('whatsapp.com') || within('whatsapp.net') || within('wa.me')) return 'whatsapp';
  if (within('facebook.com') || within('fb.com') || within('fb.me') || within('messenger.com')) return 'facebook';
  if (ownHost && host === ownHost.toLowerCase()) return 'direct';
  return 'other';
}

/** `POST /events/:id/views`: the share link of a private event, and where the visitor came from. */
export const viewQuerySchema = z.object({
  shareToken: z.string().trim().min(1).max(200).optional(),
  src: z.string().trim().max(40).optional(),
  /** The page before (`document.referrer` of the event page: its request's Referer). */
  from: z.string().trim().max(500).optional(),
});

const count = z.number().int().min(0);

export const eventStatsTotalsSchema = z.object({
  /** Every display recorded (a visitor coming back the same day included). */
  views: count,
  /** Visitors counted once per day (decision 009). */
  visitors: count,
  participants: count,
  likes: count,
  comments: count,
  /** Participants ÷ visitors, 0..n (null without visitors). */
  conversionRate: z.number().min(0).nullable(),
});

export const eventStatsDaySchema = z.object({
  date: z.string(),
  views: count,
  visitors: count,
  participants: count,
  likes: count,
  comments: count,
});
export type EventStatsDay = z.infer<typeof eventStatsDaySchema>;

/** `GET /events/:id/stats`: `daily` and `sources` are null when the reader has no premium. */
export const eventStatsSchema = z.object({
  eventId: z.uuid(),
  title: z.string(),
  premium: z.boolean(),
  totals: eventStatsTotalsSchema,
  /** One point per day from the first day with a figure to the last, oldest first (at most 366). */
  daily: z.array(eventStatsDaySchema).nullable(),
  sources: z.object({ whatsapp: count, facebook: count, direct: count, referral: count, other: count }).nullable(),
});
export type EventStats = z.infer<typeof eventStatsSchema>;
