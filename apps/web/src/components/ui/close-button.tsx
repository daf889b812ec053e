/** The '×' that closes a dialog or a detail: a button named by `label` (the sign itself is not read out). */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="-m-1 shrink-0 rounded p-1 text-xl leading-none text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      ×
    </button>
  );
}
