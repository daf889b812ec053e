import type { ConversationMessage, ThreadResponse } from '@app/shared/conversations';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { MessagePhoto } from '../../../components/ui/message-photo';
import { MessageText } from '../../../components/ui/message-text';
import { photoMessages } from '../../../components/ui/photo-messages';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formatDate, formatRelative } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { SUPPORT, useBlockPerson, useMarkConversationRead, useThread } from '../api/conversations';
import { messagesMessages } from '../messages';
import { Composer } from './composer';
import { ReportControl } from './report-control';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function Bubble({ message }: { message: ConversationMessage }) {
  const tPhoto = useT(photoMessages);
  return (
    <li className={`flex ${message.mine ? 'justify-end' : 'justify-start'}`} data-message={message._id}>
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[70%] ${
          message.mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900'
        }`}
      >
        {message.mine ? null : <p className="mb-0.5 text-xs font-semibold text-slate-700">{message.author}</p>}
        {message.image ? (
          <MessagePhoto
            image={message.image}
            alt={message.mine ? tPhoto('yourPhoto') : tPhoto('photoOf', { name: message.author })}
          />
        ) : null}
        {message.text ? <MessageText text={message.text} linkClassName="underline underline-offset-2" /> : null}
        <time
          dateTime={message.createdAt}
          title={formatDate(message.createdAt, { dateStyle: 'full', timeStyle: 'short' })}
          className={`mt-1 block text-right text-xs ${message.mine ? 'text-white' : 'text-slate-600'}`}
        >
          {formatRelative(message.createdAt)}
        </time>
      </div>
    </li>
  );
}

function BlockControl({ thread }: { thread: ThreadResponse }) {
  const t = useT(messagesMessages);
  const block = useBlockPerson();
  const [confirming, setConfirming] = useState(false);
  const { conversation } = thread;
  const other = conversation.with;
  if (conversation.kind !== 'event' || !other._id) return null;
  const userId = other._id;
  const run = (blocked: boolean) =>
    block.mutate(
      { userId, blocked },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(blocked ? t('blocked') : t('unblocked'));
        },
        onError: (error) => toast.error(error.message),
      },
    );
  if (conversation.blockedByMe) {
    return (
      <Button variant="secondary" size="sm" disabled={block.isPending} onClick={() => run(false)}>
        {t('unblock')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        {t('block')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('blockTitle', { name: other.name })}
        message={t('blockMessage', { name: other.name })}
        confirmLabel={t('block')}
        pending={block.isPending}
        onConfirm={() => run(true)}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** One conversation: who it is with, its messages (oldest first, earlier pages on demand), and the box to answer. */
export function ThreadPane({ id }: { id: string }) {
  const t = useT(messagesMessages);
  const thread = useThread(id);
  const markRead = useMarkConversationRead();
  const endRef = useRef<HTMLDivElement>(null);
  const pages = thread.data?.pages ?? [];
  const latest = pages[0] ?? null;
  const messages = [...pages].reverse().flatMap((page) => page?.messages ?? []);
  const lastId = latest?.messages.at(-1)?._id;
  const unread = latest?.conversation.unread ?? 0;
  const conversationId = latest?.conversation._id;

  // Read once shown (once per newest message); the newest message in view.
  const readUpTo = useRef<string | undefined>(undefined);
  const { mutate: markConversationRead } = markRead;
  useEffect(() => {
    if (!conversationId || unread === 0 || readUpTo.current === lastId) return;
    readUpTo.current = lastId;
    markConversationRead({ id: conversationId, upTo: lastId });
  }, [conversationId, unread, lastId, markConversationRead]);
  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  if (thread.isPending) return <ListLoading label={t('threadLoading')} rows={3} />;
  if (thread.isError)
    return (
      <ListError
        title={t('threadError')}
        message={thread.error.message}
        retryLabel={t('retry')}
        onRetry={() => thread.refetch()}
      />
    );
  const conversation = latest?.conversation;
  const title = id === SUPPORT || conversation?.kind === 'support' ? t('team') : (conversation?.with.name ?? '');
  const target = id === SUPPORT ? { support: true as const } : { conversationId: id };

  return (
    <section
      aria-labelledby="thread-title"
      className="flex min-h-[60vh] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <div className="min-w-0">
          <Link
            to={paths.messages}
            className={`mb-1 inline-block rounded text-sm text-brand-800 underline underline-offset-4 lg:hidden ${focusRing}`}
          >
            {t('back')}
          </Link>
          <h2 id="thread-title" className="truncate text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {conversation?.kind === 'event' ? (
            <p className="truncate text-sm text-slate-700">
              {conversation.event ? t('about', { title: conversation.event.title }) : t('eventGone')}
            </p>
          ) : (
            <p className="text-sm text-slate-700">{t('teamHint')}</p>
          )}
        </div>
        {latest ? (
          <div className="flex flex-wrap items-center gap-1">
            <ReportControl thread={latest} />
            <BlockControl thread={latest} />
          </div>
        ) : null}
      </header>
      <div className="flex-1 overflow-y-auto px-3 py-4" aria-live="polite" aria-relevant="additions">
        {thread.hasNextPage ? (
          <div className="mb-3 text-center">
            <Button variant="secondary" size="sm" disabled={thread.isFetchingNextPage} onClick={() => thread.fetchNextPage()}>
              {t('older')}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-700">{t('noMessages')}</p>
        ) : (
          <ol aria-label={t('thread')} className="space-y-2">
            {messages.map((message) => (
              <Bubble key={message._id} message={message} />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      {conversation && !conversation.canWrite ? (
        <p role="note" className="border-t border-slate-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {conversation.blockedByMe ? t('youBlocked') : t('cannotWrite')}
        </p>
      ) : (
        <Composer target={target} />
      )}
    </section>
  );
}
