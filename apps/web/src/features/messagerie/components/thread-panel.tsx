import type { ConversationMessage, SupportThreadResponse } from '@app/shared/conversations';
import { formatPhone } from '@app/shared/phone-display';
import { useEffect, useRef } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailField } from '../../../components/ui/detail-field';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useAssignToMe, useSetSupportStatus } from '../api/actions';
import { useSupportThread } from '../api/get-thread';
import { messagerieMessages } from '../messages';
import { MessagePhoto } from '../../../components/ui/message-photo';
import { MessageText } from '../../../components/ui/message-text';
import { photoMessages } from '../../../components/ui/photo-messages';
import { ReplyComposer } from './reply-composer';

/** The open conversation: the person, its status and actions, the messages as bubbles, the answer. */
export function ThreadPanel({ id, meId, onBack }: { id: string; meId: string | null; onBack: () => void }) {
  const t = useT(messagerieMessages);
  const thread = useSupportThread(id);
  return (
    <LoadedDetailPanel query={thread} t={t} retryLabel={t('retry')} labelledBy="conversation-title" onBack={onBack}>
      {(data) => (
        <ThreadBody
          pages={data.pages}
          meId={meId}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          olderFailed={thread.isFetchNextPageError}
          onOlder={() => void thread.fetchNextPage()}
        />
      )}
    </LoadedDetailPanel>
  );
}

interface ThreadBodyProps {
  /** The latest page first. */
  pages: SupportThreadResponse[];
  /** The signed-in administrator's id ('M’attribuer' is hidden on their conversations). */
  meId: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onOlder: () => void;
}

function ThreadBody({ pages, meId, hasOlder, loadingOlder, olderFailed, onOlder }: ThreadBodyProps) {
  const t = useT(messagerieMessages);
  const conversation = pages[0]!.conversation;
  const messages = [...pages].reverse().flatMap((page) => page.messages);
  const assign = useAssignToMe(conversation._id);
  const setStatus = useSetSupportStatus(conversation._id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const latestId = messages.at(-1)?._id;
  const assignedToMe = !!meId && conversation.assignedTo?._id === meId;
  const closed = conversation.status === 'closed';

  // On a phone the list disappears when a conversation is opened: bring focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  // The latest message in view, at first and whenever one arrives (not when earlier ones are loaded).
  useEffect(() => {
    if (latestId && logRef.current) logRef.current.scrollTop = logRef.current.scrollHeight;
  }, [latestId]);

  const onError = (error: Error) => toast.error(`${t('actionError')} : ${error.message}`);
  const done = (answer: { message: string }) => toast.success(answer.message);

  return (
    <div className="space-y-4">
      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="conversation-title"
            className="min-w-0 break-words text-lg font-bold text-slate-900 outline-none"
          >
            {conversation.user.name}
          </h2>
          <span className="flex flex-wrap gap-2">
            {conversation.waiting && <Badge tone="yellow">{t('waiting')}</Badge>}
            <Badge tone={closed ? 'gray' : 'green'}>{t(`status.${conversation.status}`)}</Badge>
          </span>
        </div>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <DetailField label={t('email')} wide>
            {conversation.user.email ? (
              <a
                href={`mailto:${conversation.user.email}`}
                className="wrap-anywhere text-brand-700 underline-offset-2 hover:underline"
              >
                {conversation.user.email}
              </a>
            ) : (
              t('notGiven')
            )}
          </DetailField>
          <DetailField label={t('phone')}>
            {conversation.user.phone ? (
              <a
                href={`tel:${conversation.user.phone}`}
                className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
              >
                {formatPhone(conversation.user.phone)}
              </a>
            ) : (
              t('notGiven')
            )}
          </DetailField>
          <DetailField label={t('assignee')}>
            {conversation.assignedTo ? (assignedToMe ? t('me') : conversation.assignedTo.name) : t('unassigned')}
          </DetailField>
        </dl>
        <div className="flex flex-wrap gap-2">
          {!assignedToMe && (
            <Button
              variant="secondary"
              size="sm"
              disabled={assign.isPending}
              onClick={() => assign.mutate(undefined, { onSuccess: done, onError })}
            >
              {t('assign')}
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate(closed ? 'open' : 'closed', { onSuccess: done, onError })}
          >
            {closed ? t('reopen') : t('close')}
          </Button>
        </div>
      </header>

      <div
        ref={logRef}
        role="log"
        aria-label={t('messages')}
        // Scrolled with the keyboard too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="max-h-[60vh] min-h-40 space-y-3 overflow-y-auto rounded-lg bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-brand-600 lg:max-h-[55vh]"
      >
        {hasOlder && (
          <div className="text-center">
            <Button variant="secondary" size="sm" disabled={loadingOlder} onClick={onOlder}>
              {loadingOlder ? t('olderLoading') : t('older')}
            </Button>
            {olderFailed && <p className="mt-1 text-xs text-red-700">{t('olderError')}</p>}
          </div>
        )}
        {messages.length === 0 ? (
          <p className="text-center text-sm text-slate-500">{t('noMessages')}</p>
        ) : (
          <ol className="space-y-3">
            {messages.map((message) => (
              <MessageBubble key={message._id} message={message} />
            ))}
          </ol>
        )}
      </div>

      <ReplyComposer conversationId={conversation._id} closed={closed} />
    </div>
  );
}

/** The team's messages on the right, the person's on the left. */
function MessageBubble({ message }: { message: ConversationMessage }) {
  const tPhoto = useT(photoMessages);
  const team = message.fromTeam;
  return (
    <li className={`flex ${team ? 'justify-end' : 'justify-start'}`} data-message-id={message._id}>
      <div
        className={`max-w-[85%] min-w-0 rounded-2xl px-3 py-2 shadow-sm ${
          team ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200'
        }`}
      >
        {message.image ? <MessagePhoto image={message.image} alt={tPhoto('photoOf', { name: message.author })} /> : null}
        {message.text ? (
          <MessageText
            text={message.text}
            linkClassName={`wrap-anywhere underline underline-offset-2 ${team ? 'text-white' : 'text-brand-700'}`}
          />
        ) : null}
        <p className={`mt-1 text-xs ${team ? 'text-brand-50' : 'text-slate-600'}`}>
          {message.author} ·{' '}
          <time dateTime={message.createdAt}>{formatDate(message.createdAt, { dateStyle: 'short', timeStyle: 'short' })}</time>
        </p>
      </div>
    </li>
  );
}
