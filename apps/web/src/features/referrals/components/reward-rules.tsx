import type { RewardRule } from '@app/shared/referrals';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

import { PagedTable } from '../../../components/ui/paged-table';
import { toast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useRewardRules } from '../api/get-reward-rules';
import { useSaveRewardRule } from '../api/save-reward-rule';
import { referralMessages } from '../messages';
import { useRewardLabels } from './reward-labels';
import { RewardRuleDialog } from './reward-rule-dialog';

/**
 * 'Règles Récompense': name, type, description, threshold (minimum sign-ups and which
 * ones), value, active Oui/Non; create and edit in a dialog, activate or deactivate, delete a
 * rule that never granted.
 */
export function RewardRules() {
  const t = useT(referralMessages);
  const labels = useRewardLabels();
  const { page, setPage } = useListScreen();
  const list = useRewardRules(page);
  const save = useSaveRewardRule();
  const [editing, setEditing] = useState<{ rule: RewardRule | null } | null>(null);
  const [deleting, setDeleting] = useState<RewardRule | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggle = (rule: RewardRule) => {
    setError(null);
    save.mutate(
      { kind: 'active', id: rule._id, isActive: !rule.isActive },
      {
        onSuccess: () => toast.success(t(rule.isActive ? 'ruleDeactivated' : 'ruleActivated')),
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const remove = (rule: RewardRule) =>
    save.mutate(
      { kind: 'delete', id: rule._id },
      {
        onSuccess: () => {
          setDeleting(null);
          toast.success(t('ruleDeleted'));
        },
      },
    );
  const busy = (rule: RewardRule) =>
    save.isPending && !!save.variables && 'id' in save.variables && save.variables.id === rule._id;
  const threshold = (rule: RewardRule) =>
    t('thresholdValue', { count: formatNumber(rule.criteria.minSignups), type: labels.minType(rule.criteria.minType) });

  const actions = (rule: RewardRule) => (
    <fieldset className="flex min-w-0 flex-wrap gap-2" aria-label={t('actionsFor', { name: rule.name })}>
      <Button size="sm" variant="secondary" onClick={() => setEditing({ rule })}>
        {t('edit')}
      </Button>
      <Button size="sm" variant="secondary" disabled={busy(rule)} onClick={() => toggle(rule)}>
        {rule.isActive ? t('deactivate') : t('activate')}
      </Button>
      {rule.grantsCount === 0 ? (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => {
            save.reset();
            setDeleting(rule);
          }}
        >
          {t('delete')}
        </Button>
      ) : null}
    </fieldset>
  );
  const active = (rule: RewardRule) => (
    <Badge tone={rule.isActive ? 'green' : 'gray'}>{rule.isActive ? t('yes') : t('no')}</Badge>
  );

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ rule: null })}>{t('newRule')}</Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <PagedTable<RewardRule>
        caption={t('rulesTitle')}
        query={list}
        page={page}
        onPage={setPage}
        rowKey={(rule) => rule._id}
        empty={t('emptyRules')}
        columns={[
          { header: t('ruleName'), cell: (rule) => rule.name, className: 'font-medium' },
          { header: t('rewardType'), cell: (rule) => labels.type(rule.type), className: 'whitespace-nowrap' },
          { header: t('description'), cell: (rule) => rule.description || '—', className: 'min-w-40 text-slate-700' },
          { header: t('threshold'), cell: threshold, className: 'min-w-36' },
          { header: t('rewardValue'), cell: (rule) => labels.value(rule.type, rule.rewardValue), className: 'whitespace-nowrap' },
          { header: t('active'), cell: active },
          { header: t('actions'), cell: actions, className: 'min-w-44' },
        ]}
        card={(rule) => (
          <div className="rounded-lg border border-slate-200 bg-white p-4" data-card>
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-semibold break-words text-slate-900">{rule.name}</p>
              <span className="flex shrink-0 items-center gap-1 text-sm text-slate-700">
                {t('active')} : {active(rule)}
              </span>
            </div>
            {rule.description ? <p className="mt-1 text-sm text-slate-700">{rule.description}</p> : null}
            <p className="mt-1 text-sm text-slate-700">
              {labels.value(rule.type, rule.rewardValue)} · {threshold(rule)}
            </p>
            <div className="mt-3">{actions(rule)}</div>
          </div>
        )}
      />
      <RewardRuleDialog open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteRuleTitle')}
        message={t('confirmDeleteRule', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        pending={save.isPending}
        error={save.isError && save.variables?.kind === 'delete' ? save.error.message : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      />
    </div>
  );
}
