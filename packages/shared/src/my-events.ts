import { z } from 'zod';
import { pageQuerySchema } from './common';
import { eventSummarySchema } from './events';
import { MY_EVENT_TABS, type MyEventTab } from './my-event-tabs';

export { MY_EVENT_TABS, type MyEventTab };

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
