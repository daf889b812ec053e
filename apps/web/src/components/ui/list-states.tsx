import { Alert } from './alert';
import { Button } from './button';
import { SkeletonRows } from './skeleton';

/** A list while its first page loads: grey rows, `aria-busy`, and the loading text for screen readers. */
export function ListLoading({ label, rows }: { label: string; rows: number }) {
  return (
    <div aria-busy="true" className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="sr-only">{label}</p>
      <SkeletonRows rows={rows} />
    </div>
  );
}

interface ListErrorProps {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A list that could not load: what failed, the server's message, and a button to try again. */
export function ListError({ title, message, retryLabel, onRetry }: ListErrorProps) {
  return (
    <Alert>
      <p className="font-medium">{title}</p>
      <p className="mt-1">{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

/** A list with nothing in it: what that means, and what would fill it. */
export function ListEmpty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {hint ? <p className="mt-2 text-sm text-slate-700">{hint}</p> : null}
    </div>
  );
}
