import { formatPhone } from '@app/shared/phone-display';
import type { AuthorizedUser, PartnerDetail } from '@app/shared/partners';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useAddPartnerUser } from '../api/add-partner-user';
import { useRemovePartnerUser } from '../api/remove-partner-user';
import { partnersMessages } from '../messages';
import { inputClass } from '../../../components/ui/form/input-style';

function userName(user: AuthorizedUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username || user.email || user.phone || user._id;
}

export function UsersTab({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  const add = useAddPartnerUser();
  const remove = useRemovePartnerUser();
  const [identifier, setIdentifier] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AuthorizedUser | null>(null);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAddError(null);
    add.mutate(
      { partnerId: partner._id, identifier },
      {
        onSuccess: () => {
          setIdentifier('');
          toast.success(t('userAdded'));
        },
        onError: (error) => setAddError(error.message),
      },
    );
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {t('addUserLabel')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            type="text"
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            placeholder={t('addUserPlaceholder')}
            autoComplete="off"
            aria-invalid={addError ? 'true' : undefined}
            aria-describedby={addError ? `${inputId}-error` : undefined}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <Button type="submit" size="md" disabled={add.isPending}>
            {add.isPending ? t('working') : t('addUser')}
          </Button>
        </div>
        {addError && (
          <p id={`${inputId}-error`} className="text-xs text-red-700">
            {addError}
          </p>
        )}
      </form>

      {partner.authorizedUsers.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">{t('noUsers')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {partner.authorizedUsers.map((user) => (
            <li key={user._id} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{userName(user)}</span>
                <span className="block truncate text-xs text-slate-500">
                  {user.email ?? (user.phone ? formatPhone(user.phone) : user.username)}
                </span>
              </span>
              {user.isBlocked && <span className="text-xs font-medium text-red-700">{t('blockedAccount')}</span>}
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('removeUserFor', { name: userName(user) })}
                onClick={() => setRemoving(user)}
              >
                {t('removeUser')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={removing !== null}
        message={removing ? t('confirmRemoveUser', { name: userName(removing) }) : ''}
        confirmLabel={t('removeUser')}
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { partnerId: partner._id, userId: removing._id },
            {
              onSuccess: () => {
                setRemoving(null);
                toast.success(t('userRemoved'));
              },
            },
          );
        }}
      />
    </div>
  );
}
