import { type CreateAdminInput, createAdminSchema, type ManagedUser } from '@app/shared/admins';
import type { Permission } from '@app/shared/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { inputClass } from '../../../components/ui/form/input-style';
import { DialogForm } from '../../../components/ui/form/dialog-form';
import { useDialogForm } from '../../../components/ui/form/use-dialog-form';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useCreateAdmin } from '../api/create-admin';
import { usePublicSettings } from '../../../lib/public-settings';
import { adminsMessages } from '../messages';
import { PermissionChecklist } from './permission-checklist';

const EMPTY: CreateAdminInput = { firstName: '', lastName: '', email: '', password: '', permissions: [], role: 'admin' };
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

interface AddAdminDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (admin: ManagedUser) => void;
  grantable: readonly Permission[];
}

/** First name, last name, e-mail and password required; the rights ticked are granted. */
export function AddAdminDialog({ open, onClose, onCreated, grantable }: AddAdminDialogProps) {
  const t = useT(adminsMessages);
  const create = useCreateAdmin();
  const [showPassword, setShowPassword] = useState(false);
  // The length new passwords need now, for the strength meter.
  const passwordMinLength = usePublicSettings().data?.passwordMinLength;
  const { form, errors, serverError, close, submit } = useDialogForm({
    resolver: localizeResolver(zodResolver(createAdminSchema)),
    defaultValues: EMPTY,
    fields: TEXT_FIELDS,
    mutation: create,
    onClose,
    onSuccess: (data) => {
      toast.success(t('created'));
      onCreated(data.user);
    },
  });

  const labels: Record<(typeof TEXT_FIELDS)[number], string> = {
    firstName: t('firstName'),
    lastName: t('lastName'),
    email: t('email'),
    password: t('password'),
  };
  const autoComplete = { firstName: 'off', lastName: 'off', email: 'off', password: 'new-password' } as const;

  return (
    <DialogForm
      open={open}
      title={t('addTitle')}
      intro={t('addIntro')}
      onClose={close}
      onSubmit={submit}
      serverError={serverError}
      errorTitle={t('createError')}
      pending={create.isPending}
      cancelLabel={t('cancel')}
      submitLabel={t('create')}
      pendingLabel={t('working')}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => {
          const id = `add-admin-${field}`;
          const error = errors[field]?.message;
          const isPassword = field === 'password';
          return (
            <div key={field} className={field === 'email' || isPassword ? 'sm:col-span-2' : undefined}>
              <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
                {labels[field]}{' '}
                <span aria-hidden="true" className="text-red-600">
                  *
                </span>
              </label>
              <input
                id={id}
                type={isPassword ? (showPassword ? 'text' : 'password') : field === 'email' ? 'email' : 'text'}
                autoComplete={autoComplete[field]}
                aria-required="true"
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={error ? `${id}-error` : isPassword ? `${id}-hint` : undefined}
                className={inputClass}
                {...form.register(field)}
              />
              {isPassword && (
                <div id={`${id}-hint`} className="mt-2">
                  <PasswordStrength password={form.watch('password') ?? ''} minLength={passwordMinLength} />
                </div>
              )}
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={showPassword}
          onChange={(event) => setShowPassword(event.target.checked)}
          className="size-4 accent-brand-600"
        />
        {t('showPassword')}
      </label>
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('permissions')}</p>
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => (
            <PermissionChecklist value={field.value ?? []} onChange={field.onChange} grantable={grantable} />
          )}
        />
      </div>
    </DialogForm>
  );
}
