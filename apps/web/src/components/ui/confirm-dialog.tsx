import { useT } from '../../lib/i18n';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';
import { uiMessages } from './messages';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
  confirmLabel?: string;
  /** Disables the buttons while the action runs. */
  pending?: boolean;
  /** An error of the action, shown in red inside the dialog. */
  error?: string | null;
  tone?: 'danger' | 'primary';
}

export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  title,
  confirmLabel,
  pending = false,
  error,
  tone = 'danger',
}: ConfirmDialogProps) {
  const t = useT(uiMessages);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title ?? t('confirmTitle')}
      size="max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={pending}>
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    >
      <p className="text-slate-800">{message}</p>
      {error ? <Alert className="mt-3">{error}</Alert> : null}
    </Dialog>
  );
}
