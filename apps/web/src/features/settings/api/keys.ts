/**
 * Query keys of the settings screen. The public settings (`GET /api/settings/public`) are read by
 * `usePublicSettings` in lib/, under `['settings', 'public']`.
 */
export const settingsKeys = {
  all: ['settings'] as const,
};
