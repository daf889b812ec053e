import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { CloseButton } from './close-button';
import { uiMessages } from './messages';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: 'max-w-md' | 'max-w-lg' | 'max-w-2xl' | 'max-w-4xl';
}

/**
 * A modal on the native `<dialog>`: focus stays inside, Escape closes it, and focus goes back to
 * the element that opened it.
 */
export function Dialog({ open, onClose, title, children, footer, size = 'max-w-lg' }: DialogProps) {
  const t = useT(uiMessages);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${size} rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50`}
    >
      {open ? (
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <CloseButton label={t('close')} onClick={onClose} />
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
