import { z } from 'zod';
import { EVENT_CATEGORIES } from './events';

/** The agenda's date filter: in Africa/Douala time. */
export const AGENDA_DATE_FILTERS = ['all', 'today', 'weekend', 'month'] as const;
export type AgendaDateFilter = (typeof AGENDA_DATE_FILTERS)[number];
export const AGENDA_DATE_LABELS: Record<AgendaDateFilter, string> = {
  all: 'Toutes les dates',
  today: 'Aujourd’hui',
  weekend: 'Ce week-end',
  month: 'Ce mois-ci',
};
export const AGENDA_PAGE_SIZE = 12;

/**
 * `GET /evenements`: filters of the public agenda. A link typed by hand with a wrong value falls
 * back to no filter rather than an error page.
 */
export const agendaQuerySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  city: z.string().trim().max(100).optional().catch(undefined),
  category: z
    .enum([...EVENT_CATEGORIES, 'all'])
    .default('all')
    .catch('all'),
  date: z.enum(AGENDA_DATE_FILTERS).default('all').catch('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
  /** A referral code may ride along; the agenda ignores it. */
  ref: z.string().max(100).optional().catch(undefined),
});
export type AgendaQuery = z.output<typeof agendaQuerySchema>;

/** `GET /evenements/{slug}-{shortId}?t=…`: the share token of a private event. */
export const publicEventQuerySchema = z.object({
  t: z.string().trim().max(200).optional().catch(undefined),
  ref: z.string().max(100).optional().catch(undefined),
  /** The page of the event's comments (10 a page, newest first); anonymous reads stop at the 10,000th. */
  commentaires: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
});

/** One of the next public events on the landing page (highlighted ones first). */
export interface LandingEvent {
  title: string;
  /** « À la une »: chosen by the administrators, shown before the others. */
  highlighted: boolean;
  href: string;
  when: string;
  city: string;
  price: string;
  image: { src: string; width: number; height: number } | null;
  /** A promoted event ('Sponsorisé', decision 068): its campaign. */
  campaignId?: string;
}
