import {
  REWARD_MIN_TYPES,
  REWARD_TYPES,
  type RewardRule,
  type RewardRuleValues,
  rewardRuleInputSchema,
} from '@app/shared/referrals';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSaveRewardRule } from '../api/save-reward-rule';
import { referralMessages } from '../messages';
import { useRewardLabels } from './reward-labels';

type FormValues = z.input<typeof rewardRuleInputSchema>;

const EMPTY: FormValues = {
  name: '',
  type: 'premium_days',
  description: '',
  criteria: { minSignups: 5, minType: 'any' },
  rewardValue: 30,
  isActive: true,
};

function valuesOf(rule: RewardRule | null): FormValues {
  if (!rule) return EMPTY;
  return {
    name: rule.name,
    type: rule.type,
    description: rule.description,
    criteria: { ...rule.criteria },
    rewardValue: rule.rewardValue,
    isActive: rule.isActive,
  };
}

const inputClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-[invalid=true]:border-red-600';

/** Create or edit a reward rule: name, type, description, criteria (minSignups, minType), value, active. */
export function RewardRuleDialog({ open, rule, onClose }: { open: boolean; rule: RewardRule | null; onClose: () => void }) {
  const t = useT(referralMessages);
  const labels = useRewardLabels();
  const save = useSaveRewardRule();
  const baseId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, RewardRuleValues>({
    resolver: zodResolver(rewardRuleInputSchema),
    defaultValues: valuesOf(rule),
  });
  const { errors } = form.formState;
  const type = form.watch('type');

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(rule));
      setServerError(null);
    }
  }, [open, rule, form]);

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    save.mutate(rule ? { kind: 'update', id: rule._id, values } : { kind: 'create', values }, {
      onSuccess: () => {
        toast.success(t('ruleSaved'));
        onClose();
      },
      onError: (error) => {
        setServerError(error.message);
        const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : undefined;
        for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
          const message = messages[0];
          if (message) form.setError(field as keyof FormValues, { message });
        }
      },
    });
  });

  const id = (name: string) => `${baseId}-${name}`;
  const a11y = (name: string, error?: string, hint = false) => ({
    id: id(name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id(name)}-error` : '', hint ? `${id(name)}-hint` : ''].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (name: string, error?: string) =>
    error ? (
      <p id={`${id(name)}-error`} className="mt-1 text-sm text-red-700">
        {error}
      </p>
    ) : null;
  const label = (name: string, text: string) => (
    <label htmlFor={id(name)} className="mb-1 block text-sm font-medium text-slate-700">
      {text}
    </label>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={rule ? t('editRule') : t('newRule')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={id('form')} disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </>
      }
    >
      <form id={id('form')} onSubmit={submit} noValidate className="space-y-4">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <div>
          {label('name', t('ruleName'))}
          <input className={inputClass} autoComplete="off" {...a11y('name', errors.name?.message)} {...form.register('name')} />
          {fieldError('name', errors.name?.message)}
        </div>
        <div>
          {label('type', t('rewardType'))}
          <select className={inputClass} {...a11y('type', errors.type?.message)} {...form.register('type')}>
            {REWARD_TYPES.map((value) => (
              <option key={value} value={value}>
                {labels.type(value)}
              </option>
            ))}
          </select>
          {fieldError('type', errors.type?.message)}
        </div>
        <div>
          {label('description', t('description'))}
          <textarea
            rows={2}
            className={inputClass}
            {...a11y('description', errors.description?.message)}
            {...form.register('description')}
          />
          {fieldError('description', errors.description?.message)}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            {label('minSignups', t('minSignups'))}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              className={inputClass}
              {...a11y('minSignups', errors.criteria?.minSignups?.message)}
              {...form.register('criteria.minSignups')}
            />
            {fieldError('minSignups', errors.criteria?.minSignups?.message)}
          </div>
          <div>
            {label('minType', t('minType'))}
            <select
              className={inputClass}
              {...a11y('minType', errors.criteria?.minType?.message)}
              {...form.register('criteria.minType')}
            >
              {REWARD_MIN_TYPES.map((value) => (
                <option key={value} value={value}>
                  {labels.minType(value)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          {label('rewardValue', t('rewardValue'))}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            className={inputClass}
            {...a11y('rewardValue', errors.rewardValue?.message, true)}
            {...form.register('rewardValue')}
          />
          <p id={`${id('rewardValue')}-hint`} className="mt-1 text-xs text-slate-600">
            {t(`valueHint_${type ?? 'premium_days'}`)}
          </p>
          {fieldError('rewardValue', errors.rewardValue?.message)}
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-5 accent-brand-700" {...form.register('isActive')} />
          {t('activeLabel')}
        </label>
      </form>
    </Dialog>
  );
}
