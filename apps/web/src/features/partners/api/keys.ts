/** Query keys of the partners screen; every mutation invalidates `partnerKeys.all`. */
export const partnerKeys = {
  all: ['partners'] as const,
  list: (params: object) => ['partners', 'list', params] as const,
  detail: (id: string) => ['partners', 'detail', id] as const,
};
