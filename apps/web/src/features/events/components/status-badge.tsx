import type { EventStatus } from '@app/shared/events';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { eventsMessages } from '../messages';

const TONE = { published: 'green', draft: 'yellow', cancelled: 'red' } as const;

/** Brouillon (yellow), Publié (green), Annulé (red). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  const t = useT(eventsMessages);
  return <Badge tone={TONE[status] ?? 'red'}>{t(`status_${status}`)}</Badge>;
}
