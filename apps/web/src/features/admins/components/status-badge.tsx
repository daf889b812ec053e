import type { AdminStatus } from '@app/shared/admins';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { adminsMessages } from '../messages';

const TONES: Record<AdminStatus, BadgeTone> = { validated: 'green', pending: 'yellow', blocked: 'red' };
const KEYS = { validated: 'statusValidated', pending: 'statusPending', blocked: 'statusBlocked' } as const;

/** VALIDÉ / EN ATTENTE / BLOQUÉ. */
export function AdminStatusBadge({ status }: { status: AdminStatus }) {
  const t = useT(adminsMessages);
  return <Badge tone={TONES[status]}>{t(KEYS[status])}</Badge>;
}
