import type { ReactNode } from 'react';

interface ListDetailLayoutProps {
  list: ReactNode;
  /** The selected item's panel, or null when none is selected. */
  detail: ReactNode | null;
  /** Shown beside the list (1024 px and wider) while nothing is selected. */
  prompt: string;
}

/**
 * A list on the left and the selected item on the right. Below 1024 px one shows at a time:
 * the list, or the item once one is selected.
 */
export function ListDetailLayout({ list, detail, prompt }: ListDetailLayoutProps) {
  const selected = detail !== null;
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <div className={selected ? 'hidden min-w-0 lg:block' : 'min-w-0'}>{list}</div>
      {selected ? (
        detail
      ) : (
        <p className="hidden rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-500 lg:block">
          {prompt}
        </p>
      )}
    </div>
  );
}
