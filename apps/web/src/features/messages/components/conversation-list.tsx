import type { ConversationSummary } from '@app/shared/conversations';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { paths } from '../../../config/paths';
import { formatRelative } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { SUPPORT, useConversations } from '../api/conversations';
import { messagesMessages } from '../messages';
import { MessagePreview } from '../../../components/ui/message-photo';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const pageHref = (page: number) => (page > 1 ? `${paths.messages}?page=${page}` : paths.messages);

function Line({ item, selected }: { item: ConversationSummary; selected: boolean }) {
  const t = useT(messagesMessages);
  const name = item.kind === 'support' ? t('team') : item.with.name;
  return (
    <li>
      <Link
        to={paths.conversation(item.kind === 'support' ? SUPPORT : item._id)}
        aria-current={selected ? 'page' : undefined}
        data-conversation={item._id}
        className={`flex gap-3 px-4 py-3 hover:bg-slate-50 ${selected ? 'bg-brand-50' : 'bg-white'} ${focusRing}`}
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex min-w-0 items-baseline justify-between gap-2">
            <span
              className={`min-w-0 truncate ${item.unread > 0 ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}
            >
              {name}
            </span>
            <time dateTime={item.lastMessageAt} className="shrink-0 text-xs text-slate-600">
              {formatRelative(item.lastMessageAt)}
            </time>
          </span>
          {item.event ? <span className="truncate text-xs text-slate-600">{item.event.title}</span> : null}
          <span className="flex min-w-0 items-center justify-between gap-2">
            <span className="min-w-0 truncate text-sm text-slate-700">
              <MessagePreview text={item.lastMessageText} />
            </span>
            {item.unread > 0 ? (
              <span className="shrink-0 rounded-full bg-brand-700 px-2 text-xs leading-5 font-semibold text-white">
                <span aria-hidden="true">{item.unread}</span>
                <span className="sr-only">{t('unreadCount', { count: String(item.unread) })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The person's conversations, latest message first, by pages of 20; the team first to reach when there is none yet. */
export function ConversationList({ page, selected }: { page: number; selected: string | null }) {
  const t = useT(messagesMessages);
  const list = useConversations(page);
  if (list.isPending) return <ListLoading label={t('loading')} rows={4} />;
  if (list.isError)
    return (
      <ListError title={t('loadError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
    );
  const hasSupport = list.data.items.some((item) => item.kind === 'support');
  return (
    <nav aria-label={t('list')}>
      {!hasSupport && page === 1 ? (
        <Link
          to={paths.conversation(SUPPORT)}
          aria-current={selected === SUPPORT ? 'page' : undefined}
          className={`mb-3 block rounded-2xl border border-dashed border-brand-300 bg-white px-4 py-3 hover:bg-brand-50 ${focusRing}`}
        >
          <span className="font-medium text-brand-800">{t('writeToTeam')}</span>
          <span className="mt-0.5 block text-sm text-slate-700">{t('teamHint')}</span>
        </Link>
      ) : null}
      {list.data.items.length === 0 ? (
        <ListEmpty title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          aria-busy={list.isPlaceholderData}
        >
          {list.data.items.map((item) => (
            <Line
              key={item._id}
              item={item}
              selected={selected === item._id || (item.kind === 'support' && selected === SUPPORT)}
            />
          ))}
        </ul>
      )}
      {page > 1 || list.data.hasMore ? (
        <PrevNextPager
          label={t('pagination')}
          page={page}
          hasMore={list.data.hasMore}
          hrefOf={pageHref}
          previousLabel={t('previousPage')}
          nextLabel={t('nextPage')}
          pageLabel={t('pageNumber', { page: String(page) })}
        />
      ) : null}
    </nav>
  );
}
