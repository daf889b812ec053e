import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session';
import { accountRightsMessages } from '../account-rights-messages';
import { deleteAccount } from '../api/account-rights';

/** `DELETE_CONFIRMATION_WORD` of @app/shared/account, copied so that zod stays out of this screen's chunk. */
const DELETE_CONFIRMATION_WORD = 'SUPPRIMER';

/** Where a deleted account lands: the landing page, which says the account is gone. */
export const DELETED_LANDING = '/?compte=supprime';

/**
 * 'Supprimer mon compte' (decision 048): a danger zone whose dialog asks for SUPPRIMER typed by
 * hand and the password; once deleted, the session ends here and the landing page says so.
 */
export function DeleteAccountSection() {
  const t = useT(accountRightsMessages);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <section
      id="supprimer"
      aria-labelledby={headingId}
      className="rounded-2xl border border-red-300 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-red-800">
        {t('deleteTitle')}
      </h2>
      <p className="mb-4 text-sm text-slate-700">{t('deleteIntro')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('deleteButton')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('deleteDialogTitle')} size="max-w-md">
        <DeleteForm onCancel={() => setOpen(false)} />
      </Dialog>
    </section>
  );
}

function DeleteForm({ onCancel }: { onCancel: () => void }) {
  const t = useT(accountRightsMessages);
  const queryClient = useQueryClient();
  const confirmationId = useId();
  const passwordId = useId();
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [local, setLocal] = useState<{ confirmation?: string; password?: string }>({});
  const remove = useMutation({
    mutationFn: () => deleteAccount({ confirmation, password }),
    onSuccess: () => {
      clearSession();
      queryClient.clear();
      window.location.replace(DELETED_LANDING);
    },
  });
  const serverError = (field: string) =>
    remove.error instanceof ApiRequestError ? remove.error.fieldErrors?.[field]?.[0] : undefined;
  const confirmationError = local.confirmation ?? serverError('confirmation');
  const passwordError = local.password ?? serverError('password');
  const otherError = remove.error && !serverError('confirmation') && !serverError('password') ? remove.error.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof local = {};
    if (confirmation.trim() !== DELETE_CONFIRMATION_WORD)
      errors.confirmation = confirmation.trim() ? t('confirmationWrong') : t('confirmationLabel');
    if (!password) errors.password = t('passwordRequired');
    setLocal(errors);
    if (errors.confirmation || errors.password) return;
    remove.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('deleteWhat1')}</li>
        <li>{t('deleteWhat2')}</li>
        <li>{t('deleteWhat3')}</li>
        <li>{t('deleteWhat4')}</li>
      </ul>
      <Field id={confirmationId} label={t('confirmationLabel')} error={confirmationError}>
        <Input
          id={confirmationId}
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setLocal((current) => ({ ...current, confirmation: undefined }));
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onPaste={(event) => event.preventDefault()}
          aria-required="true"
          {...describedBy(confirmationId, confirmationError)}
        />
      </Field>
      <Field id={passwordId} label={t('passwordLabel')} error={passwordError}>
        <Input
          id={passwordId}
          type="password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setLocal((current) => ({ ...current, password: undefined }));
          }}
          autoComplete="current-password"
          aria-required="true"
          {...describedBy(passwordId, passwordError)}
        />
      </Field>
      {otherError ? <Alert>{otherError}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          {remove.isPending ? t('deleting') : t('confirmDelete')}
        </Button>
      </div>
    </form>
  );
}
