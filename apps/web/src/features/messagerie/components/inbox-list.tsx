import type { SupportConversation, SupportFilter } from '@app/shared/conversations';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { SearchField } from '../../../components/ui/form/search-field';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { ListRowButton } from '../../../components/ui/selectable-list';
import { formatDate, formatRelative } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { withListChanges } from '../../../lib/list-screen';
import { useSupportInbox } from '../api/get-inbox';
import { messagerieMessages } from '../messages';
import { MessagePreview } from '../../../components/ui/message-photo';
import { ReportedList } from './reported-list';

/** The filters, in the order of their buttons; the first is the default (left out of the URL). */
export const INBOX_FILTERS = ['open', 'waiting', 'mine', 'closed', 'reported'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

interface InboxListProps {
  search: string;
  onSearch: (value: string) => void;
  /** The debounced search, sent to the server. */
  query: string;
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  page: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The signed-in administrator's id: their conversations read 'Attribuée à vous'. */
  meId: string | null;
}

/**
 * The search box, the filters (the support inbox's four, then 'Signalées', the reported
 * conversations: decision 064), then the conversations or the reports, the latest first, 20 a page.
 */
export function InboxList(props: InboxListProps) {
  const t = useT(messagerieMessages);
  // 'il y a 2 minutes' stays true while the screen stays open.
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((minute) => minute + 1), 60_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <section aria-labelledby="conversation-list-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="conversation-list-title" className="sr-only">
        {t('title')}
      </h2>
      <SearchField
        id="conversation-search"
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={props.search}
        onChange={props.onSearch}
      />
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
        <legend className="sr-only">{t('filters')}</legend>
        {INBOX_FILTERS.map((filter) => {
          const pressed = filter === props.filter;
          const reported = filter === 'reported';
          return (
            <button
              key={filter}
              type="button"
              aria-pressed={pressed}
              onClick={() => props.onFilter(filter)}
              className={`rounded-lg px-3 py-1.5 text-center text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                reported ? 'col-span-2 sm:col-span-4 lg:col-span-2' : ''
              } ${
                pressed
                  ? reported
                    ? 'bg-red-700 text-white ring-red-700'
                    : 'bg-brand-700 text-white ring-brand-700'
                  : reported
                    ? 'bg-white text-red-800 ring-red-300 hover:bg-red-50'
                    : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              {t(`filter.${filter}`)}
            </button>
          );
        })}
      </fieldset>
      {props.filter === 'reported' ? (
        <ReportedList query={props.query} page={props.page} selectedId={props.selectedId} onSelect={props.onSelect} />
      ) : (
        <SupportConversations {...props} filter={props.filter} />
      )}
    </section>
  );
}

/** The support inbox's conversations of one filter, and their pages. */
function SupportConversations(props: InboxListProps & { filter: SupportFilter }) {
  const t = useT(messagerieMessages);
  const [params] = useSearchParams();
  const list = useSupportInbox({ filter: props.filter, search: props.query, page: props.page });

  let body: ReactNode;
  if (list.isPending) body = <ListLoading label={t('loading')} rows={5} />;
  else if (list.isError)
    body = (
      <ListError title={t('listError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
    );
  else if (list.data.items.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500">
        {props.query ? t('emptySearch') : t(`empty.${props.filter}`)}
      </p>
    );
  else
    body = (
      <ul
        className={`divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white ${list.isFetching ? 'opacity-70' : ''}`}
        aria-busy={list.isFetching}
      >
        {list.data.items.map((conversation) => (
          <li key={conversation._id}>
            <ConversationRow
              conversation={conversation}
              mine={!!props.meId && conversation.assignedTo?._id === props.meId}
              selected={conversation._id === props.selectedId}
              onSelect={props.onSelect}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      {body}
      <PrevNextPager
        label={t('pager')}
        page={props.page}
        hasMore={list.data?.hasMore ?? false}
        hrefOf={(page) => `?${withListChanges(params, { page })}`}
        previousLabel={t('previous')}
        nextLabel={t('next')}
        pageLabel={t('page', { page: props.page })}
      />
    </>
  );
}

function ConversationRow({
  conversation,
  mine,
  selected,
  onSelect,
}: {
  conversation: SupportConversation;
  mine: boolean;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const t = useT(messagerieMessages);
  const assignee = conversation.assignedTo;
  return (
    <ListRowButton
      selected={selected}
      onSelect={() => onSelect(conversation._id)}
      data-conversation-id={conversation._id}
      align="start"
    >
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate text-slate-900 ${conversation.unread > 0 ? 'font-bold' : 'font-medium'}`}>
            {conversation.user.name}
          </span>
          <time
            dateTime={conversation.lastMessageAt}
            title={formatDate(conversation.lastMessageAt, { dateStyle: 'medium', timeStyle: 'short' })}
            className="shrink-0 text-xs whitespace-nowrap text-slate-600"
          >
            {formatRelative(conversation.lastMessageAt)}
          </time>
        </span>
        <span className="block truncate text-sm text-slate-600">
          <MessagePreview text={conversation.lastMessageText} />
        </span>
        <span className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          {conversation.waiting && <Badge tone="yellow">{t('waiting')}</Badge>}
          {conversation.status === 'closed' && <Badge tone="gray">{t('status.closed')}</Badge>}
          {conversation.unread > 0 && <Badge tone="blue">{t('unread', { count: conversation.unread })}</Badge>}
          <span className="min-w-0 truncate">
            {assignee ? t('assignedTo', { name: mine ? t('me') : assignee.name }) : t('unassigned')}
          </span>
        </span>
      </span>
    </ListRowButton>
  );
}
