import { Button } from '../button';

interface FormActionsProps {
  /** The form the submit button sends (it sits outside it, in the dialog's footer). */
  formId: string;
  pending: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's text while the form is being sent. */
  pendingLabel: string;
}

/** A dialog form's footer: 'Annuler' then the submit button, both off while sending. */
export function FormActions({ formId, pending, onCancel, cancelLabel, submitLabel, pendingLabel }: FormActionsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}
