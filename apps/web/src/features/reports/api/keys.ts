/** Query keys of the moderation queue; every action invalidates `reportKeys.all`. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (page: number) => ['reports', 'list', page] as const,
  openCount: () => ['reports', 'open-count'] as const,
};
