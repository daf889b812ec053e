import { formatPhone } from '@app/shared/phone-display';
import type { PublicUser } from '@app/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { accountRightsMessages } from '../account-rights-messages';
import { confirmContactChange, requestContactChange } from '../api/account-rights';

type Kind = 'email' | 'phone';

function fieldErrorOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError ? error.fieldErrors?.[field]?.[0] : undefined;
}

export function ProfileSection({
  id,
  title,
  children,
  tone,
}: {
  id?: string;
  title: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-6 ${tone === 'danger' ? 'border-red-300' : 'border-slate-200'}`}
    >
      <h2 id={headingId} className={`mb-3 text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * 'Adresse e-mail et téléphone' (decision 048): the current contacts, and the change of one with
 * a code sent to the new contact; the six digits are checked as soon as they are typed.
 */
export function ContactSection() {
  const t = useT(accountRightsMessages);
  const me = useMe();
  const [editing, setEditing] = useState<Kind | null>(null);

  return (
    <ProfileSection id="contacts" title={t('contactTitle')}>
      <p className="mb-4 text-sm text-slate-600">{t('contactIntro')}</p>
      {me.isPending ? (
        <div aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <SkeletonRows rows={2} />
        </div>
      ) : me.isError || !me.data ? (
        <Alert>
          {t('loadError')}{' '}
          <Button variant="secondary" size="sm" onClick={() => me.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Current label={t('email')} value={me.data.user.email} />
            <Current label={t('phone')} value={me.data.user.phone ? formatPhone(me.data.user.phone) : null} />
          </dl>
          {editing ? (
            <ChangeFlow key={editing} kind={editing} onDone={() => setEditing(null)} />
          ) : (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setEditing('email')}>
                {t('changeEmail')}
              </Button>
              <Button variant="secondary" onClick={() => setEditing('phone')}>
                {t('changePhone')}
              </Button>
            </div>
          )}
        </>
      )}
    </ProfileSection>
  );
}

function Current({ label, value }: { label: string; value: string | null }) {
  const t = useT(accountRightsMessages);
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-all font-medium text-slate-900" data-contact={label}>
        {value ?? <span className="text-slate-500">{t('none')}</span>}
      </dd>
    </div>
  );
}

function ChangeFlow({ kind, onDone }: { kind: Kind; onDone: () => void }) {
  const t = useT(accountRightsMessages);
  const queryClient = useQueryClient();
  const inputId = useId();
  const codeId = useId();
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const lastTried = useRef('');

  const request = useMutation({
    mutationFn: () => requestContactChange(kind === 'email' ? { email: value } : { phone: value }),
    onSuccess: (answer) => {
      setSentTo(answer.destination);
      setCode('');
      lastTried.current = '';
      toast.success(answer.message);
    },
  });
  const confirm = useMutation({
    mutationFn: (otp: string) => confirmContactChange(otp),
    onSuccess: (answer) => {
      queryClient.setQueryData(['me'], { user: answer.user satisfies PublicUser });
      toast.success(answer.message);
      onDone();
    },
  });

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!value.trim()) {
      setLocalError(kind === 'email' ? t('emailRequired') : t('phoneRequired'));
      return;
    }
    setLocalError(undefined);
    request.mutate();
  };

  const onCode = (typed: string) => {
    const digits = typed.replace(/\D/g, '').slice(0, 6);
    setCode(digits);
    if (digits.length === 6 && digits !== lastTried.current && !confirm.isPending) {
      lastTried.current = digits;
      confirm.mutate(digits);
    }
  };

  const valueError = localError ?? fieldErrorOf(request.error, kind);
  const otherError = request.error && !fieldErrorOf(request.error, kind) ? request.error.message : undefined;

  if (sentTo) {
    const codeError = fieldErrorOf(confirm.error, 'otp') ?? fieldErrorOf(confirm.error, kind);
    const confirmOther = confirm.error && !codeError ? confirm.error.message : undefined;
    return (
      <div className="mt-4 space-y-3">
        <p className="text-sm text-slate-700" role="status">
          {t('codeSentTo', { destination: kind === 'phone' ? formatPhone(sentTo) : sentTo })}
        </p>
        <Field id={codeId} label={t('code')} hint={t('codeHint')} error={codeError}>
          <Input
            id={codeId}
            value={code}
            onChange={(event) => onCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            readOnly={confirm.isPending}
            className="max-w-[12rem] text-center text-lg tracking-[0.4em]"
            {...describedBy(codeId, codeError, true)}
          />
        </Field>
        {confirm.isPending ? <p className="text-sm text-slate-600">{t('checking')}</p> : null}
        {confirmOther ? <Alert>{confirmOther}</Alert> : null}
        {otherError ? <Alert>{otherError}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => send()} disabled={request.isPending}>
            {request.isPending ? t('sending') : t('resend')}
          </Button>
          <Button variant="ghost" onClick={() => setSentTo(null)}>
            {t('otherContact')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('cancel')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="mt-4 space-y-3" onSubmit={send} noValidate>
      <Field
        id={inputId}
        label={kind === 'email' ? t('newEmail') : t('newPhone')}
        hint={kind === 'phone' ? t('phoneHint') : undefined}
        error={valueError}
      >
        <Input
          id={inputId}
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          inputMode={kind === 'email' ? 'email' : 'tel'}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setLocalError(undefined);
          }}
          autoFocus
          maxLength={kind === 'email' ? 254 : 30}
          aria-required="true"
          {...describedBy(inputId, valueError, kind === 'phone')}
        />
      </Field>
      {otherError ? <Alert>{otherError}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? t('sending') : t('sendCode')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
