/** Query keys of the statistics screen; a waiting-list action invalidates every key under 'stats'. */
export const statsKeys = {
  all: ['stats'] as const,
  charts: (days: number) => ['stats', 'charts', days] as const,
};
