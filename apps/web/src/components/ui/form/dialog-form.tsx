import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '../alert';
import { Button } from '../button';
import { Dialog } from '../dialog';

interface DialogFormProps {
  open: boolean;
  title: string;
  /** A sentence under the title, before the fields. */
  intro: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's message when sending failed, under `errorTitle`. */
  serverError: string | null;
  errorTitle: string;
  pending: boolean;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's text while the form is being sent. */
  pendingLabel: string;
  children: ReactNode;
}

/** A 'create' dialog: intro, the server's error if any, the fields, then 'Annuler' and the submit button. */
export function DialogForm({
  open,
  title,
  intro,
  onClose,
  onSubmit,
  serverError,
  errorTitle,
  pending,
  cancelLabel,
  submitLabel,
  pendingLabel,
  children,
}: DialogFormProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">{intro}</p>
        {serverError && (
          <Alert>
            <p className="font-medium">{errorTitle}</p>
            <p>{serverError}</p>
          </Alert>
        )}
        {children}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
