import type { UserNotification } from '@app/shared/user-notifications';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { paths } from '../../../config/paths';
import { formatDate, formatRelative } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useMarkRead, useNotifications } from '../api/notifications';
import { notificationsMessages } from '../messages';

const ACCOUNT_PREFIX = '/mon-compte';
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export function readNotificationsPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1;
}

const pageHref = (page: number) => (page > 1 ? `?page=${page}` : '?');

function NotificationItem({ item, onOpen }: { item: UserNotification; onOpen: (item: UserNotification) => void }) {
  const t = useT(notificationsMessages);
  const unread = item.readAt === null;
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-700' : 'bg-transparent'}`}
      />
      <span className="flex min-w-0 flex-col gap-1">
        {unread ? <span className="sr-only">{t('unread')}</span> : null}
        <span className={`text-sm break-words ${unread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{item.text}</span>
        <time
          dateTime={item.createdAt}
          title={formatDate(item.createdAt, { dateStyle: 'full', timeStyle: 'short' })}
          className="text-xs text-slate-600"
        >
          {formatRelative(item.createdAt)}
        </time>
      </span>
    </>
  );
  const className = `flex gap-3 px-4 py-3 ${unread ? 'bg-brand-50/60' : 'bg-white'} ${focusRing}`;
  return (
    <li data-notification={item._id} data-unread={unread}>
      {item.link ? (
        <a
          href={item.link}
          className={`${className} hover:bg-slate-50`}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(item);
          }}
        >
          {body}
        </a>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

/** 'Notifications': newest first by pages of 20, unread ones marked, read when opened; 'Tout marquer comme lu'. */
export function NotificationsScreen({ page }: { page: number }) {
  const t = useT(notificationsMessages);
  const list = useNotifications(page);
  const markRead = useMarkRead();
  const navigate = useNavigate();

  // Read first (a public page is a page load, which would cut the request short), then go.
  const open = async (item: UserNotification) => {
    if (item.readAt === null) await markRead.mutateAsync(item._id).catch(() => undefined);
    if (!item.link) return;
    if (item.link.startsWith(ACCOUNT_PREFIX)) navigate(item.link);
    else window.location.assign(item.link);
  };
  const unread = list.data?.unread ?? 0;

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
          <Link
            to={`${paths.profile}#notifications`}
            className={`mt-1 inline-block rounded text-sm font-medium text-brand-800 underline underline-offset-4 ${focusRing}`}
          >
            {t('settings')}
          </Link>
        </div>
        {list.data && list.data.items.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate('all', { onError: (error) => toast.error(error.message) })}
          >
            {t('markAllRead')}
          </Button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {list.data && unread === 0 && list.data.items.length > 0 ? t('allRead') : ''}
      </p>
      {list.isPending ? (
        <ListLoading label={t('loading')} rows={4} />
      ) : list.isError ? (
        <ListError title={t('loadError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <ListEmpty title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <>
          <ul
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
            aria-busy={list.isPlaceholderData}
          >
            {list.data.items.map((item) => (
              <NotificationItem key={item._id} item={item} onOpen={open} />
            ))}
          </ul>
          <PrevNextPager
            label={t('pagination')}
            page={page}
            hasMore={list.data.hasMore}
            hrefOf={pageHref}
            previousLabel={t('previousPage')}
            nextLabel={t('nextPage')}
            pageLabel={t('pageNumber', { page: String(page) })}
          />
        </>
      )}
    </div>
  );
}
