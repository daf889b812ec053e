import { useSyncExternalStore } from 'react';

/** Error toasts 4 s, success 2 s, at most 20 at once. */
export const TOAST_DURATION_MS = { success: 2000, error: 4000, info: 4000 } as const;
export const MAX_TOASTS = 20;

export type ToastKind = keyof typeof TOAST_DURATION_MS;
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

function showToast(kind: ToastKind, message: string, durationMs: number = TOAST_DURATION_MS[kind]): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  info: (message: string) => showToast('info', message),
  /** Takes a toast away before its time (an error that a later success made stale). */
  dismiss: (id: number) => dismissToast(id),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const STYLES: Record<ToastKind, string> = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
};

/** Mount once per page. Errors are announced assertively, the rest politely. */
export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3">
      {current.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-toast={item.kind}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${STYLES[item.kind]}`}
        >
          <p className="flex-1">{item.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(item.id)}
            className="-m-1 rounded p-1 leading-none opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-white"
            aria-label="Fermer la notification"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
