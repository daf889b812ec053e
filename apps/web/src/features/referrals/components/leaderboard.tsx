import { type LeaderboardRow, referrerLabel } from '@app/shared/referrals';

import { PagedTable } from '../../../components/ui/paged-table';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useLeaderboard } from '../api/get-leaderboard';
import { referralMessages } from '../messages';

/** 'Parrainage': referrer (e-mail, else username, else N/A), sign-ups, clicks; highest first. */
export function Leaderboard() {
  const t = useT(referralMessages);
  const { page, setPage } = useListScreen();
  const list = useLeaderboard(page);
  return (
    <PagedTable<LeaderboardRow>
      caption={t('leaderboardCaption')}
      query={list}
      page={page}
      onPage={setPage}
      rowKey={(row) => row._id}
      empty={t('emptyLeaderboard')}
      columns={[
        { header: t('referrer'), cell: (row) => referrerLabel(row.referrer), className: 'min-w-40 [overflow-wrap:anywhere]' },
        {
          header: t('signups'),
          cell: (row) => <span data-column="signups">{formatNumber(row.signups)}</span>,
          className: 'text-right font-semibold tabular-nums',
        },
        {
          header: t('leaderboardClicks'),
          cell: (row) => <span data-column="clicks">{formatNumber(row.clicks)}</span>,
          className: 'text-right tabular-nums',
        },
      ]}
      card={(row) => (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3" data-card>
          <span className="min-w-0 flex-1 text-sm font-medium break-all text-slate-900">{referrerLabel(row.referrer)}</span>
          <span className="shrink-0 text-right text-sm text-slate-700">
            <span className="block">
              <span className="font-semibold text-slate-900" data-column="signups">
                {formatNumber(row.signups)}
              </span>{' '}
              {t('signupsShort')}
            </span>
            <span className="block">
              <span data-column="clicks">{formatNumber(row.clicks)}</span> {t('clicksShort')}
            </span>
          </span>
        </div>
      )}
    />
  );
}
