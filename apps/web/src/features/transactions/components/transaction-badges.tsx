import type { PaymentStatus } from '@app/shared/payments';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';
import { transactionsMessages } from '../messages';

const STATUS_TONE: Record<PaymentStatus, BadgeTone> = {
  pending: 'yellow',
  unknown: 'blue',
  successful: 'green',
  failed: 'red',
  refunded: 'gray',
};

/** A payment's status (PAYMENT_STATUS_LABELS in French, their English in the messages). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const t = useT(transactionsMessages);
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}
