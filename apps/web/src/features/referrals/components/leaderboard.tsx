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
      )}
    </PagedSection>
  );
}
