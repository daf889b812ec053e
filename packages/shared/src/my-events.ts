import { z } from 'zod';
import { pageQuerySchema } from './common';
import { eventSummarySchema } from './events';

/**
 * The tabs of 'Mes évènements' (issue 27 item 1, decision 037). Every event of an organiser is in
 * exactly one: a draft is 'pending' while it waits for the team's approval, else 'drafts'; a
 * published event is 'past' once it has ended, else 'published'; a cancelled one is 'cancelled'.
 */
export const MY_EVENT_TABS = ['drafts', 'published', 'pending', 'past', 'cancelled'] as const;
export type MyEventTab = (typeof MY_EVENT_TABS)[number];

/** `GET /events/mine`: one tab, one page. */
export const myEventsQuerySchema = pageQuerySchema.extend({
  tab: z.enum(MY_EVENT_TABS, { message: 'Onglet inconnu' }).default('drafts'),
});
export type MyEventsQuery = z.input<typeof myEventsQuerySchema>;

export const myEventCountsSchema = z.object(
  Object.fromEntries(MY_EVENT_TABS.map((tab) => [tab, z.number().int().min(0)])) as Record<MyEventTab, z.ZodNumber>,
);
export type MyEventCounts = z.infer<typeof myEventCountsSchema>;

/** The page of the tab, its total, and the count of every tab (one grouped query). */
export const myEventsResponseSchema = z.object({
  items: z.array(eventSummarySchema),
  total: z.number().int().min(0),
  counts: myEventCountsSchema,
});
export type MyEventsResponse = z.infer<typeof myEventsResponseSchema>;
