/** Query keys of the users screen; every mutation invalidates `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: object) => ['users', 'list', params] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};
