import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** A round avatar: the account's photo, else its initials on a tinted disc. */
export function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src) return <img src={src} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full object-cover" />;
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initials}
    </span>
  );
}

/** One person of the participants screen's lists: avatar, name, @username, a dated line and one action. */
export function PersonRow({
  person,
  when,
  action,
  actionLabel,
  onAction,
  disabled,
  marker,
  before,
}: {
  person: { name: string; username: string | null; avatar: string | null };
  /** 'Inscrit le …', 'Retiré le …'. */
  when: string;
  action: string;
  /** The button's accessible name, with the person's name. */
  actionLabel: string;
  onAction: () => void;
  disabled: boolean;
  /** The row's data attribute (`{ 'data-participant': userId }`). */
  marker: Record<`data-${string}`, string>;
  /** Shown before the action (the participants' 'Écrire'). */
  before?: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 p-3" {...marker}>
      <Avatar name={person.name} src={person.avatar} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{person.name}</p>
        {person.username ? <p className="truncate text-sm text-slate-600">@{person.username}</p> : null}
        <p className="text-xs text-slate-600">{when}</p>
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-2">
        {before}
        <Button variant="secondary" size="sm" disabled={disabled} onClick={onAction} aria-label={actionLabel}>
          {action}
        </Button>
      </div>
    </li>
  );
}
