import type { SupportFilter } from '@app/shared/conversations';

/**
 * Query keys of 'Messagerie'. They all start with 'support-inbox': the real-time stream
 * (`lib/realtime.ts`) makes them stale when a support message arrives, and every action
 * invalidates `supportInboxKeys.all`.
 */
export const supportInboxKeys = {
  all: ['support-inbox'] as const,
  list: (params: { filter: SupportFilter; search: string; page: number }) => ['support-inbox', 'list', params] as const,
  thread: (id: string) => ['support-inbox', 'thread', id] as const,
  /** 'Signalées' (decision 064): the open reports of conversations, and one report with its messages. */
  reports: (params: { search: string; page: number }) => ['support-inbox', 'reports', params] as const,
  report: (id: string) => ['support-inbox', 'report', id] as const,
};
