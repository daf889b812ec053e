import { formatFcfa, type Transaction } from '@app/shared/payments';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { transactionsMessages } from '../messages';

interface RefundDialogProps {
  open: boolean;
  transaction: Transaction;
  pending: boolean;
  /** The last refusal (already refunded, the operator down, a field error). */
  error: Error | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * 'Rembourser': what a refund does, its reason (3 to 500 characters, said at the field), then the
 * confirmation. The text typed stays on an error.
 */
export function RefundDialog({ open, transaction, pending, error, onConfirm, onClose }: RefundDialogProps) {
  const t = useT(transactionsMessages);
  const id = useId();
  const formId = `${id}-form`;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const tooShort = reason.trim().length < 3;
  const serverField =
    error instanceof ApiRequestError ? (error.fieldErrors as Record<string, string[]> | undefined)?.reason?.[0] : undefined;
  const fieldError = tried && tooShort ? t('refundReasonRequired') : serverField;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (tooShort) {
      document.getElementById(id)?.focus();
      return;
    }
    onConfirm(reason.trim());
  };
  const close = () => {
    if (pending) return;
    setTried(false);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('refundTitle')}
      size="max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} disabled={pending}>
            {pending ? t('refunding') : t('refundConfirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <p className="text-slate-800">
          {t('refundText', { reference: transaction.reference, amount: formatFcfa(transaction.amount) })}
        </p>
        <p className="text-sm text-slate-600">{t('refundHow')}</p>
        <Field id={id} label={t('refundReason')} required error={fieldError} hint={t('refundReasonHint')}>
          <Textarea
            id={id}
            name="reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...describedBy(id, fieldError, true)}
          />
        </Field>
        {error && !serverField ? <Alert>{error.message}</Alert> : null}
      </form>
    </Dialog>
  );
}
