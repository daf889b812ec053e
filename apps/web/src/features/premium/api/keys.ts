/** Query keys of the Premium page; a payment that ends invalidates `all`. */
export const premiumKeys = {
  all: ['premium'] as const,
  overview: ['premium', 'overview'] as const,
};
