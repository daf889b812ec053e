import { UNREAD_COUNT_CAP as COUNT_CAP } from '@app/shared/notification-kinds';
import { Link } from 'react-router';
import { LineIcon } from './line-icon';

/**
 * An icon of the account bar leading to a screen, with a red badge counting what is unread there
 * (the messages, the notifications), '99+' beyond 99. `label` is the accessible name, the count included.
 */
export function IconCountLink({
  to,
  label,
  iconPath,
  count,
  testIds,
}: {
  to: string;
  label: (shown: string | null) => string;
  iconPath: string;
  count: number;
  /** The browser tests' handles on the link and on its badge. */
  testIds: { link: string; count: string };
}) {
  const shown = count > COUNT_CAP ? `${COUNT_CAP}+` : count > 0 ? String(count) : null;
  return (
    <Link
      to={to}
      aria-label={label(shown)}
      data-testid={testIds.link}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <LineIcon path={iconPath} size={22} />
      {shown ? (
        <span
          aria-hidden="true"
          data-testid={testIds.count}
          className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
