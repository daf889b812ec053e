import type { ReactNode } from 'react';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { messagerieMessages } from '../messages';
import { INBOX_FILTERS, InboxList } from './inbox-list';
import { ThreadPanel } from './thread-panel';

/**
 * 'Messagerie' (`manage_chats`): the support inbox beside the open conversation from 1024 px,
 * one at a time below. Filter, search, page and open conversation (`?id=`) are in the URL; the
 * real-time stream reads the list and the thread again when a message arrives. `nav`: the tabs of
 * 'Messagerie' (composed by the route).
 */
export function MessagerieScreen({ meId, nav }: { meId: string | null; nav?: ReactNode }) {
  const t = useT(messagerieMessages);
  const list = useListScreen({
    filters: { filter: INBOX_FILTERS },
    rowAttribute: 'data-conversation-id',
    searchId: 'conversation-search',
  });
  const { selectedId } = list;
  return (
    <Screen title={t('title')} subtitle={t('subtitle')}>
      {nav}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[380px_minmax(0,1fr)]">
        <div className={selectedId ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
          <InboxList
            search={list.search}
            onSearch={list.setSearch}
            query={list.query}
            filter={list.filters.filter}
            onFilter={(filter) => list.setFilters({ filter })}
            page={list.page}
            selectedId={selectedId}
            onSelect={list.select}
            meId={meId}
          />
        </div>
        {selectedId ? (
          <ThreadPanel key={selectedId} id={selectedId} meId={meId} onBack={list.back} />
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-500 lg:block">
            {t('selectPrompt')}
          </p>
        )}
      </div>
    </Screen>
  );
}
