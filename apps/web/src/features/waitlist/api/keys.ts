/** Query keys of the waiting-list screen; every action invalidates `waitlistKeys.all`. */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  page: (filters: object) => ['waitlist', 'page', filters] as const,
};
