import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { messagesMessages } from '../messages';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { ThreadPane } from './thread-pane';

function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Évènements Cameroun`;
  }, [title]);
}

/**
 * 'Messages': the conversations, and the one chosen. On a phone, the list, then the conversation
 * full width (with a way back); from 1 024 px, side by side.
 */
export function MessagesScreen({ selected, page }: { selected: string | null; page: number }) {
  const t = useT(messagesMessages);
  useTitle(t('title'));
  return (
    <div className="mx-auto max-w-6xl">
      <div className={`mb-4 ${selected ? 'hidden lg:block' : ''}`}>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={`min-w-0 ${selected ? 'hidden lg:block' : ''}`}>
          <ConversationList page={page} selected={selected} />
        </div>
        <div className={`min-w-0 ${selected ? '' : 'hidden lg:block'}`}>
          {selected ? (
            <ThreadPane key={selected} id={selected} />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
              {t('choose')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** A first message about an event: to its organiser, or (the organiser) to one participant; then its conversation. */
export function NewMessageScreen({ eventId, participantId }: { eventId: string; participantId?: string }) {
  const t = useT(messagesMessages);
  const navigate = useNavigate();
  useTitle(t('newTitle'));
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">{t('newTitle')}</h1>
      <p className="mt-1 mb-4 text-sm text-slate-700">{participantId ? t('newToParticipant') : t('newToOrganiser')}</p>
      <div className="overflow-hidden rounded-2xl border border-slate-200">
        <Composer
          target={{ eventId, participantId }}
          onSent={(answer) => navigate(paths.conversation(answer.conversationId), { replace: true })}
        />
      </div>
    </div>
  );
}
