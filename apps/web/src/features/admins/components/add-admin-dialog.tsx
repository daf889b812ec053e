import { type CreateAdminBody, type CreateAdminInput, createAdminSchema, type ManagedUser } from '@app/shared/admins';
import type { Permission } from '@app/shared/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form/input-style';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useCreateAdmin } from '../api/create-admin';
import { usePasswordMinLength } from '../api/get-password-rules';
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

/** Spec §2/§5: first name, last name, e-mail and password required; the rights ticked are granted. */
export function AddAdminDialog({ open, onClose, onCreated, grantable }: AddAdminDialogProps) {
  const t = useT(adminsMessages);
  const create = useCreateAdmin();
  const [serverError, setServerError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const passwordMinLength = usePasswordMinLength();
  const form = useForm<CreateAdminInput, unknown, CreateAdminBody>({
    resolver: localizeResolver(zodResolver(createAdminSchema)),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setServerError(null);
    create.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    create.mutate(values, {
      onSuccess: (data) => {
        toast.success(t('created'));
        form.reset(EMPTY);
        onCreated(data.user);
      },
      onError: (error) => {
        setServerError(error.message);
        applyServerErrors(form, error, onlyFields(TEXT_FIELDS));
      },
    });
  });

  const labels: Record<(typeof TEXT_FIELDS)[number], string> = {
    firstName: t('firstName'),
    lastName: t('lastName'),
    email: t('email'),
    password: t('password'),
  };
  const autoComplete = { firstName: 'off', lastName: 'off', email: 'off', password: 'new-password' } as const;

  return (
    <Dialog open={open} title={t('addTitle')} onClose={close}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">{t('addIntro')}</p>
        {serverError && (
          <Alert>
            <p className="font-medium">{t('createError')}</p>
            <p>{serverError}</p>
          </Alert>
        )}
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
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('working') : t('create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
