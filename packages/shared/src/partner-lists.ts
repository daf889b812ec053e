/**
 * Partners' types, statuses and filters with their labels, without zod, so the partners' list
 * loads no schema library. `partners.ts` re-exports them.
 */

/** Partner types and their labels (business is 'Entreprise', individual 'Individuel'). */
export const PARTNER_TYPES = ['business', 'association', 'individual'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];
export const PARTNER_TYPE_LABELS: Record<PartnerType, string> = {
  business: 'Entreprise',
  association: 'Association',
  individual: 'Individuel',
};

/** Partner status: active can be blocked, blocked unblocked; pending becomes active when verified. */
export const PARTNER_STATUSES = ['active', 'blocked', 'pending'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];
export const PARTNER_STATUS_LABELS: Record<PartnerStatus, string> = {
  active: 'Actif',
  blocked: 'Bloqué',
  pending: 'En attente',
};

export const PARTNER_VERIFICATION_FILTERS = ['all', 'verified', 'unverified'] as const;
