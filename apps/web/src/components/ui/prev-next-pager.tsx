import { Link } from 'react-router';
import { buttonClass } from './button';

/**
 * The pager of a list that knows only whether more follow (`hasMore`): a link to the previous and
 * the next page of the address, with the page's number between them. Nothing on a single page.
 */
export function PrevNextPager(props: {
  label: string;
  page: number;
  hasMore: boolean;
  hrefOf: (page: number) => string;
  previousLabel: string;
  nextLabel: string;
  pageLabel: string;
}) {
  if (props.page <= 1 && !props.hasMore) return null;
  return (
    <nav aria-label={props.label} className="mt-4 flex items-center justify-between gap-2">
      {props.page > 1 ? (
        <Link to={props.hrefOf(props.page - 1)} className={buttonClass('secondary', 'sm')}>
          {props.previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700">{props.pageLabel}</span>
      {props.hasMore ? (
        <Link to={props.hrefOf(props.page + 1)} className={buttonClass('secondary', 'sm')}>
          {props.nextLabel}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
