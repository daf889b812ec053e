import type { RewardGrant } from '@app/shared/referrals';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

import { PagedTable } from '../../../components/ui/paged-table';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useDecideRewardGrant } from '../api/decide-reward-grant';
import { useRewardGrants } from '../api/get-reward-grants';
import { referralMessages } from '../messages';
import { GrantStatusBadge, useRewardLabels } from './reward-labels';

/**
 * 'Récompenses': user e-mail, reward type, value, status, rule name, granted date, and
 * the status actions: a pending grant can be marked granted (delivered) or revoked, a granted one revoked.
 */
export function RewardGrants() {
  const t = useT(referralMessages);
  const labels = useRewardLabels();
  const { page, setPage } = useListScreen();
  const list = useRewardGrants(page);
  const decide = useDecideRewardGrant();
  const [revoking, setRevoking] = useState<RewardGrant | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (grant: RewardGrant, status: 'granted' | 'revoked') => {
    setError(null);
    decide.mutate(
      { id: grant._id, status },
      {
        onSuccess: () => {
          setRevoking(null);
          toast.success(t(status === 'granted' ? 'grantedToast' : 'revokedToast'));
        },
        onError: (failure) => {
          if (status === 'granted') setError(failure.message);
        },
      },
    );
  };
  const busy = (grant: RewardGrant) => decide.isPending && decide.variables?.id === grant._id;
  const who = (grant: RewardGrant) => grant.userId.email ?? grant.userId.username ?? 'N/A';

  const actions = (grant: RewardGrant) =>
    grant.status === 'revoked' ? null : (
      <fieldset className="flex min-w-0 flex-wrap gap-2" aria-label={t('actionsFor', { name: who(grant) })}>
        {grant.status === 'pending' ? (
          <Button size="sm" variant="success" disabled={busy(grant)} onClick={() => run(grant, 'granted')}>
            {t('markGranted')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          disabled={busy(grant)}
          onClick={() => {
            decide.reset();
            setRevoking(grant);
          }}
        >
          {t('revoke')}
        </Button>
      </fieldset>
    );

  return (
    <div className="space-y-3">
      {error ? <Alert>{error}</Alert> : null}
      <PagedTable<RewardGrant>
        caption={t('rewardsAdminTitle')}
        query={list}
        page={page}
        onPage={setPage}
        rowKey={(grant) => grant._id}
        empty={t('emptyRewards')}
        columns={[
          { header: t('user'), cell: who, className: 'min-w-36 [overflow-wrap:anywhere]' },
          { header: t('rewardType'), cell: (grant) => labels.type(grant.rewardType), className: 'whitespace-nowrap' },
          {
            header: t('value'),
            cell: (grant) => labels.value(grant.rewardType, grant.rewardValue),
            className: 'whitespace-nowrap',
          },
          { header: t('status'), cell: (grant) => <GrantStatusBadge status={grant.status} /> },
          { header: t('rule'), cell: (grant) => grant.ruleId.name },
          {
            header: t('grantedAt'),
            cell: (grant) => formatDate(grant.grantedAt, { dateStyle: 'short' }),
            className: 'whitespace-nowrap',
          },
          { header: t('actions'), cell: actions, className: 'min-w-44' },
        ]}
        card={(grant) => (
          <div className="rounded-lg border border-slate-200 bg-white p-4" data-card>
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-semibold break-all text-slate-900">{who(grant)}</p>
              <GrantStatusBadge status={grant.status} />
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {labels.value(grant.rewardType, grant.rewardValue)} · {grant.ruleId.name}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              {t('grantedAt')} : {formatDate(grant.grantedAt, { dateStyle: 'short' })}
            </p>
            <div className="mt-3 empty:hidden">{actions(grant)}</div>
          </div>
        )}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('confirmRevokeTitle')}
        message={t('confirmRevoke')}
        confirmLabel={t('revoke')}
        pending={decide.isPending}
        error={decide.isError && decide.variables?.status === 'revoked' ? decide.error.message : null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && run(revoking, 'revoked')}
      />
    </div>
  );
}
