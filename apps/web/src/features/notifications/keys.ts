export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
  unread: ['notifications', 'unread'] as const,
};
