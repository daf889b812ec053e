/** Query keys of an event's statistics (organiser space). */
export const eventStatsKeys = {
  all: ['event-stats'] as const,
  event: (id: string) => ['event-stats', id] as const,
};
