import {
  REWARD_MIN_TYPES,
  REWARD_TYPES,
  type RewardRule,
  type RewardRuleValues,
  rewardRuleInputSchema,
} from '@app/shared/referrals';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Input, Select, Textarea } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { FormActions } from '../../../components/ui/form/form-actions';
import { applyServerErrors } from '../../../components/ui/form/server-errors';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
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

/** Create or edit a reward rule: name, type, description, criteria (minSignups, minType), value, active. */
export function RewardRuleDialog({ open, rule, onClose }: { open: boolean; rule: RewardRule | null; onClose: () => void }) {
  const t = useT(referralMessages);
  const labels = useRewardLabels();
  const save = useSaveRewardRule();
  const baseId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, RewardRuleValues>({
    resolver: localizeResolver(zodResolver(rewardRuleInputSchema)),
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
        applyServerErrors(form, error);
      },
    });
  });

  const id = (name: string) => `${baseId}-${name}`;
  const a11y = (name: string, error?: string, hint = false) => ({ id: id(name), ...describedBy(id(name), error, hint) });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={rule ? t('editRule') : t('newRule')}
      footer={
        <FormActions
          formId={id('form')}
          pending={save.isPending}
          onCancel={onClose}
          cancelLabel={t('cancel')}
          submitLabel={t('save')}
          pendingLabel={t('saving')}
        />
      }
    >
      <form id={id('form')} onSubmit={submit} noValidate className="space-y-4">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <Field id={id('name')} label={t('ruleName')} error={errors.name?.message}>
          <Input autoComplete="off" {...a11y('name', errors.name?.message)} {...form.register('name')} />
        </Field>
        <Field id={id('type')} label={t('rewardType')} error={errors.type?.message}>
          <Select {...a11y('type', errors.type?.message)} {...form.register('type')}>
            {REWARD_TYPES.map((value) => (
              <option key={value} value={value}>
                {labels.type(value)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id('description')} label={t('description')} error={errors.description?.message}>
          <Textarea rows={2} {...a11y('description', errors.description?.message)} {...form.register('description')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id('minSignups')} label={t('minSignups')} error={errors.criteria?.minSignups?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              {...a11y('minSignups', errors.criteria?.minSignups?.message)}
              {...form.register('criteria.minSignups')}
            />
          </Field>
          <Field id={id('minType')} label={t('minType')}>
            <Select {...a11y('minType', errors.criteria?.minType?.message)} {...form.register('criteria.minType')}>
              {REWARD_MIN_TYPES.map((value) => (
                <option key={value} value={value}>
                  {labels.minType(value)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          id={id('rewardValue')}
          label={t('rewardValue')}
          error={errors.rewardValue?.message}
          hint={t(`valueHint_${type ?? 'premium_days'}`)}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            {...a11y('rewardValue', errors.rewardValue?.message, true)}
            {...form.register('rewardValue')}
          />
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-5 accent-brand-700" {...form.register('isActive')} />
          {t('activeLabel')}
        </label>
      </form>
    </Dialog>
  );
}
