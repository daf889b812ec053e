/** Query keys of the dashboard; its figures sit under 'stats', which a waiting-list action invalidates. */
export const dashboardKeys = {
  stats: () => ['stats', 'dashboard'] as const,
};
