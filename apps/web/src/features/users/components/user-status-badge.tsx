import type { PublicUser } from '@app/shared/users';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { usersMessages } from '../messages';

const TONES: Record<PublicUser['status'], BadgeTone> = { active: 'green', blocked: 'red', pending: 'yellow' };

/** Actif, Bloqué, En attente. */
export function UserStatusBadge({ status }: { status: PublicUser['status'] }) {
  const t = useT(usersMessages);
  return <Badge tone={TONES[status]}>{t(status)}</Badge>;
}
