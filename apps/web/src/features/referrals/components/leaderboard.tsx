import { referrerLabel } from '@app/shared/referrals';
import { Table, TBody, Td, Th, THead } from '../../../components/ui/table';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { REFERRAL_PAGE_SIZE, useLeaderboard } from '../api/get-leaderboard';
import { referralMessages } from '../messages';
import { PagedSection, usePageParam } from './paged-section';

/** 'Parrainage' (spec §2): referrer (e-mail, else username, else N/A), sign-ups, clicks; highest first. */
export function Leaderboard() {
  const t = useT(referralMessages);
  const [page, setPage] = usePageParam();
  const list = useLeaderboard(page);
  return (
    <PagedSection query={list} page={page} onPage={setPage} loading={t('loading')} empty={t('emptyLeaderboard')}>
      {(items) => (
        <>
          <ol className="space-y-2 md:hidden" aria-label={t('leaderboardCaption')}>
            {items.map((row, index) => (
              <li
                key={row._id}
                data-referrer={row._id}
                className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
              >
                <span className="w-7 shrink-0 text-center text-sm font-semibold text-slate-600">
                  {(page - 1) * REFERRAL_PAGE_SIZE + index + 1}
                </span>
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
              </li>
            ))}
          </ol>
          <div className="hidden md:block">
            <Table caption={t('leaderboardCaption')}>
              <THead>
                <tr>
                  <Th className="w-12">{t('rank')}</Th>
                  <Th>{t('referrer')}</Th>
                  <Th className="text-right">{t('signups')}</Th>
                  <Th className="text-right">{t('clicks')}</Th>
                </tr>
              </THead>
              <TBody>
                {items.map((row, index) => (
                  <tr key={row._id} data-referrer={row._id}>
                    <Td className="text-slate-600">{(page - 1) * REFERRAL_PAGE_SIZE + index + 1}</Td>
                    <Td className="min-w-40 [overflow-wrap:anywhere]">{referrerLabel(row.referrer)}</Td>
                    <Td className="text-right font-semibold tabular-nums" data-column="signups">
                      {formatNumber(row.signups)}
                    </Td>
                    <Td className="text-right tabular-nums" data-column="clicks">
                      {formatNumber(row.clicks)}
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          </div>
        </>
      )}
    </PagedSection>
  );
}
