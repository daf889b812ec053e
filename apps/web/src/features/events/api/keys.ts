/** Query keys of the events screens; every mutation invalidates `eventKeys.all`. */
export const eventKeys = {
  all: ['events'] as const,
  list: (params: object) => ['events', 'list', params] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  pendingApprovalCount: () => ['events', 'pending-approval-count'] as const,
};
