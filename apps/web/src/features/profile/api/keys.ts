/** The profile screen's cached answers. */
export const profileKeys = {
  all: ['profile'] as const,
  profile: () => [...profileKeys.all, 'fields'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
  notificationPreferences: () => [...profileKeys.all, 'notification-preferences'] as const,
  pushPublicKey: () => [...profileKeys.all, 'push-public-key'] as const,
};
