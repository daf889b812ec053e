import type { PartnerStatus, PartnerType } from '@app/shared/partners';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { partnersMessages } from '../messages';

const STATUS_TONES: Record<PartnerStatus, BadgeTone> = { active: 'green', pending: 'yellow', blocked: 'red' };
const STATUS_KEYS = { active: 'statusActive', pending: 'statusPending', blocked: 'statusBlocked' } as const;
export const TYPE_KEYS = { business: 'typeBusiness', association: 'typeAssociation', individual: 'typeIndividual' } as const;

/** Actif / En attente / Bloqué. */
export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  const t = useT(partnersMessages);
  return <Badge tone={STATUS_TONES[status]}>{t(STATUS_KEYS[status])}</Badge>;
}

export function VerifiedBadge() {
  const t = useT(partnersMessages);
  return (
    <Badge tone="blue">
      <span aria-hidden="true">✓&nbsp;</span>
      {t('verified')}
    </Badge>
  );
}

export function useTypeLabel() {
  const t = useT(partnersMessages);
  return (type: PartnerType) => t(TYPE_KEYS[type]);
}

/** The partner's logo, or its initials when there is none or it cannot be loaded. */
export function PartnerLogo({ name, logo, size = 'size-10' }: { name: string; logo: string | null; size?: string }) {
  const t = useT(partnersMessages);
  const [broken, setBroken] = useState(false);
  if (logo && !broken) {
    return (
      <img
        src={logo}
        alt={t('logoOf', { name })}
        onError={() => setBroken(true)}
        className={`${size} shrink-0 rounded-lg border border-slate-200 bg-white object-contain`}
      />
    );
  }
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('') || '?';
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-sm font-semibold text-brand-800`}
    >
      {initials}
    </span>
  );
}
