import type { OutboxChannel } from '@app/shared/outbox';

/** Query keys of 'Envois en échec'; every action invalidates `outboxKeys.all` (the list, the summary, the badge). */
export const outboxKeys = {
  all: ['outbox'] as const,
  summary: () => ['outbox', 'summary'] as const,
  failed: (params: { channel: OutboxChannel | 'all'; search: string; page: number }) => ['outbox', 'failed', params] as const,
};
