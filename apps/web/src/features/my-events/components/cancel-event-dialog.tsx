import { type FormEvent, useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, describedBy } from '../../../components/ui/form/field';
import { Textarea } from '../../../components/ui/form/controls';
import { ApiRequestError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { eventHubMessages } from '../hub-messages';
import { CANCEL_MESSAGE_MAX, cancelMessageProblem } from '../lib/event-hub';

interface CancelEventDialogProps {
  open: boolean;
  /** The message typed so far: kept by the hub, so closing the dialog or an error loses nothing. */
  message: string;
  onMessageChange: (message: string) => void;
  pending: boolean;
  /** The last refusal of the cancellation (offline, already cancelled, a field error). */
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * 'Annuler l’évènement': what cancelling does, an optional message to the participants (500
 * characters at most, with a counter; the error said at the field, in the person's language), then
 * the confirmation. Nothing typed is lost on an error: the dialog stays open with the text.
 */
export function CancelEventDialog({
  open,
  message,
  onMessageChange,
  pending,
  error,
  onConfirm,
  onClose,
}: CancelEventDialogProps) {
  const t = useT(eventHubMessages);
  const id = useId();
  const formId = `${id}-form`;
  const problem = cancelMessageProblem(message);
  const serverField =
    error instanceof ApiRequestError ? (error.fieldErrors as Record<string, string[]> | undefined)?.message?.[0] : undefined;
  // Said as soon as the text is too long (the counter turns red too), and by the server's answer.
  const fieldError = problem === 'tooLong' ? t('cancelTooLong', { max: formatNumber(CANCEL_MESSAGE_MAX) }) : serverField;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) {
      document.getElementById(id)?.focus();
      return;
    }
    onConfirm();
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={t('cancelTitle')}
      size="max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('cancelKeep')}
          </Button>
          <Button variant="danger" type="submit" form={formId} disabled={pending}>
            {t('cancelConfirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <p className="text-slate-800">{t('cancelText')}</p>
        <Field
          id={id}
          label={t('cancelMessage')}
          optionalText={t('cancelOptional')}
          error={fieldError}
          hint={
            <span className="flex flex-wrap justify-between gap-x-3">
              <span>{t('cancelMessageHint')}</span>
              <span className={`tabular-nums ${problem ? 'font-semibold text-red-700' : ''}`} data-testid="cancel-counter">
                {t('cancelCounter', { count: formatNumber(message.trim().length), max: formatNumber(CANCEL_MESSAGE_MAX) })}
              </span>
            </span>
          }
        >
          <Textarea
            id={id}
            name="message"
            rows={4}
            value={message}
            onChange={(event) => onMessageChange(event.target.value)}
            {...describedBy(id, fieldError, true)}
          />
        </Field>
        {error && !serverField ? <Alert>{error.message}</Alert> : null}
      </form>
    </Dialog>
  );
}
