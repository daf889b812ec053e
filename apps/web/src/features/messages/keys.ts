/** The person's conversations; every key starts with 'conversations', which the real-time stream marks stale. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: (page: number) => ['conversations', 'list', page] as const,
  unread: ['conversations', 'unread'] as const,
  thread: (id: string) => ['conversations', 'thread', id] as const,
};
