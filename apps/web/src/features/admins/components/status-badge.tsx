import type { AdminStatus } from '@app/shared/admins';
import { useT } from '../../../lib/i18n';
import { adminsMessages } from '../messages';

const STYLES: Record<AdminStatus, string> = {
  validated: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  pending: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  blocked: 'bg-red-100 text-red-800 ring-red-600/20',
};
const KEYS = { validated: 'statusValidated', pending: 'statusPending', blocked: 'statusBlocked' } as const;

/** VALIDÉ / EN ATTENTE / BLOQUÉ (spec §4). */
export function AdminStatusBadge({ status }: { status: AdminStatus }) {
  const t = useT(adminsMessages);
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset ${STYLES[status]}`}
    >
      {t(KEYS[status])}
    </span>
  );
}
