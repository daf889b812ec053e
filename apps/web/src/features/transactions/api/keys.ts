/** Query keys of the 'Transactions' screen; a refund or a check invalidates `transactionKeys.all`. */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (params: object) => ['transactions', 'list', params] as const,
  detail: (id: string) => ['transactions', 'detail', id] as const,
};
