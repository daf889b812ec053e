import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, describedBy } from '../../../components/ui/form/field';
import { inputClass } from '../../../components/ui/form/input-style';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { getLanguage, localize, useT } from '../../../lib/i18n';
import { useAddDoorHelper, useDoorHelpers, useRemoveDoorHelper } from '../api/check-in-api';
import { checkInMessages } from '../messages';

const LOGIN_REQUIRED = 'Indiquez le nom d’utilisateur, l’e-mail ou le téléphone';
const LOGIN_MAX = 200;

/** The message to show at the login field: the server's own for that field, else its answer's message. */
function loginError(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiRequestError) {
    const [fieldMessage] = error.fieldErrors?.login ?? [];
    return fieldMessage ? localize(fieldMessage, getLanguage()) : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The organiser's door helpers: added by username, e-mail or phone; they may only scan (decision 047). */
export function DoorHelpers({ eventId }: { eventId: string }) {
  const t = useT(checkInMessages);
  const helpers = useDoorHelpers(eventId, true);
  const add = useAddDoorHelper(eventId);
  const remove = useRemoveDoorHelper(eventId);
  const [login, setLogin] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const error = localError ?? loginError(add.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = login.trim();
    if (!value) {
      setLocalError(localize(LOGIN_REQUIRED, getLanguage()));
      return;
    }
    if (value.length > LOGIN_MAX) {
      setLocalError(localize('Trop long (200 caractères au plus)', getLanguage()));
      return;
    }
    setLocalError(null);
    add.mutate(value, {
      onSuccess: (helper) => {
        toast.success(t('helperAdded', { name: helper.name }));
        setLogin('');
      },
    });
  };

  return (
    <section aria-labelledby="door-helpers-title" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="door-helpers-title" className="text-lg font-semibold text-slate-900">
        {t('helpers')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('helpersHint')}</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field id="door-helper-login" label={t('helperLogin')} error={error} className="flex-1">
          <input
            id="door-helper-login"
            value={login}
            onChange={(event) => {
              setLogin(event.target.value);
              setLocalError(null);
              if (add.error) add.reset();
            }}
            autoComplete="off"
            autoCapitalize="none"
            className={inputClass}
            aria-required
            {...describedBy('door-helper-login', error)}
          />
        </Field>
        <Button type="submit" disabled={add.isPending} className="sm:mt-6">
          {add.isPending ? t('adding') : t('addHelper')}
        </Button>
      </form>
      <div className="mt-3">
        {helpers.isPending ? (
          <ListLoading label={t('helpers')} rows={2} />
        ) : helpers.isError ? (
          <ListError
            title={t('helpersLoadError')}
            message={helpers.error.message}
            retryLabel={t('retry')}
            onRetry={() => helpers.refetch()}
          />
        ) : helpers.data.items.length === 0 ? (
          <p className="text-sm text-slate-700">{t('helpersEmpty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={t('helpers')}>
            {helpers.data.items.map((helper) => (
              <li key={helper.userId} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{helper.name}</p>
                  {helper.username ? <p className="text-sm text-slate-600">@{helper.username}</p> : null}
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={remove.isPending}
                  aria-label={t('removeHelperLabel', { name: helper.name })}
                  onClick={() =>
                    remove.mutate(helper.userId, {
                      onSuccess: () => toast.success(t('helperRemoved', { name: helper.name })),
                      onError: (failure) => toast.error(failure.message),
                    })
                  }
                >
                  {t('removeHelper')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
