import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { adsReviewMessages } from '../messages';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does (the refund, the advertiser told). */
  text: string;
  label: string;
  confirm: string;
  confirming: string;
  pending: boolean;
  /** The last refusal of the server (not reviewable any more, the refund failed, a field error). */
  error: Error | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * 'Refuser' and 'Suspendre': what the action does, its reason (required, 500 characters at most,
 * said at the field), then the confirmation. The text typed stays on an error.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const t = useT(adsReviewMessages);
  const id = useId();
  const formId = `${id}-form`;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  const serverField =
    props.error instanceof ApiRequestError
      ? (props.error.fieldErrors as Record<string, string[]> | undefined)?.reason?.[0]
      : undefined;
  const fieldError = tried && missing ? t('reasonRequired') : serverField;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) {
      document.getElementById(id)?.focus();
      return;
    }
    props.onConfirm(reason.trim());
  };
  const close = () => {
    if (props.pending) return;
    setTried(false);
    props.onClose();
  };

  return (
    <Dialog
      open={props.open}
      onClose={close}
      title={props.title}
      size="max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={props.pending}>
            {t('cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} disabled={props.pending}>
            {props.pending ? props.confirming : props.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <p className="text-slate-800">{props.text}</p>
        <Field id={id} label={props.label} required error={fieldError} hint={t('reasonHint')}>
          <Textarea
            id={id}
            name="reason"
            rows={3}
            maxLength={500}
            aria-required="true"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...describedBy(id, fieldError, true)}
          />
        </Field>
        {props.error && !serverField ? <Alert>{props.error.message}</Alert> : null}
      </form>
    </Dialog>
  );
}
