/** Query keys of the 'Publicités' screen; every action invalidates `adsReviewKeys.all` (list and detail). */
export const adsReviewKeys = {
  all: ['ads-review'] as const,
  list: (params: object) => ['ads-review', 'list', params] as const,
  detail: (id: string) => ['ads-review', 'detail', id] as const,
};
