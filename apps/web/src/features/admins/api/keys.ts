/** Query keys of the administration screen; every mutation invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admins'] as const,
  me: () => ['admins', 'me'] as const,
  list: (params: object) => ['admins', 'list', params] as const,
  detail: (id: string) => ['admins', 'detail', id] as const,
  audit: (id: string) => ['admins', 'audit', id] as const,
};
