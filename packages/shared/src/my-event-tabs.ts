/**
 * The tabs of 'Mes évènements' (issue 27 item 1, decision 037). Every event of an organiser is in
 * exactly one: a draft is 'pending' while it waits for the team's approval, else 'drafts'; a
 * published event is 'past' once it has ended, else 'published'; a cancelled one is 'cancelled'.
 * Without zod, so the organiser space's first screen loads none (its budget).
 */
export const MY_EVENT_TABS = ['drafts', 'published', 'pending', 'past', 'cancelled'] as const;
export type MyEventTab = (typeof MY_EVENT_TABS)[number];
