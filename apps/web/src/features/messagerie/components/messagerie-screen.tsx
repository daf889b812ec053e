import { useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { messagerieMessages } from '../messages';
import { INBOX_FILTERS, type InboxFilter, InboxList } from './inbox-list';
import { ReportPanel } from './report-panel';
import { ThreadPanel } from './thread-panel';

/**
 * 'Messagerie' (`manage_chats`): the support inbox beside the open conversation from 1024 px,
 * one at a time below; 'Signalées', the reported conversations beside the open report. Filter, search, page and open conversation (`?id=`) are in the URL; the
 * real-time stream reads the list and the thread again when a message arrives. `nav`: the tabs of
 * 'Messagerie' (composed by the route).
 */
export function MessagerieScreen({ meId, nav }: { meId: string | null; nav?: ReactNode }) {
  const t = useT(messagerieMessages);
  const [params] = useSearchParams();
  // 'Signalées' lists reports (decision 064): its rows and its open panel are reports, not conversations.
  const reported = params.get('filter') === 'reported';
  const list = useListScreen({
    filters: { filter: INBOX_FILTERS },
    rowAttribute: reported ? 'data-report-id' : 'data-conversation-id',
    searchId: 'conversation-search',
  });
  const { selectedId } = list;
  const onFilter = (filter: InboxFilter) => {
    // A conversation's id means nothing among reports, and the reverse: the open panel closes.
    if ((filter === 'reported') !== reported) list.select(null);
    list.setFilters({ filter });
  };
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
            onFilter={onFilter}
            page={list.page}
            selectedId={selectedId}
            onSelect={list.select}
            meId={meId}
          />
        </div>
        {selectedId ? (
          reported ? (
            <ReportPanel key={selectedId} id={selectedId} onBack={list.back} />
          ) : (
            <ThreadPanel key={selectedId} id={selectedId} meId={meId} onBack={list.back} />
          )
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-500 lg:block">
            {reported ? t('selectReportPrompt') : t('selectPrompt')}
          </p>
        )}
      </div>
    </Screen>
  );
}
