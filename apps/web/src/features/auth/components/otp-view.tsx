import { MESSAGES, OTP_TTL_SECONDS, type OtpChannel, otpSchema } from '@app/shared/auth';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { getUserContact } from '../../../lib/session';
import { usePublicSettings } from '../../../lib/public-settings';
import { useResendOtp } from '../api/resend-otp';
import { useSendConfirmation } from '../api/send-confirmation';
import { useVerifyOtp } from '../api/verify-otp';
import { errorMessage, whatsappLink } from '../auth-errors';
import { formatSeconds, useCountdown } from '../hooks/use-countdown';
import type { OtpContact } from './login-form';
import { OtpInput } from './otp-input';
import { BackToLoginButton } from './back-to-login-button';
import { useAuthT } from '../messages';

const CHANNEL_TEXT: Record<OtpChannel, string> = {
  sms: 'par SMS',
  email: 'par email',
  // Each contact gets its own code (decision 008): either one verifies the account.
  both: 'par SMS ou par email',
};

/** The code view: six boxes, a 300 s countdown, resend only at zero. */
export function OtpView({
  contact,
  otpChannel,
  notice,
  onVerified,
  onBack,
}: {
  contact: OtpContact;
  otpChannel?: OtpChannel;
  notice?: string;
  onVerified: (contact: OtpContact) => void;
  onBack: () => void;
}) {
  const tr = useAuthT();
  const headingId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [currentNotice, setCurrentNotice] = useState(notice);
  const { left, restart } = useCountdown(OTP_TTL_SECONDS);
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const confirm = useSendConfirmation();
  const settings = usePublicSettings();
  const whatsapp = whatsappLink(settings.data?.supportPhone);
  const destination = contact.email ?? contact.phone ?? contact.identifier;
  // The error toast of the last failed try: a success must not show under it (issue 25 item 9).
  const errorToast = useRef<number | undefined>(undefined);
  const clearErrorToast = () => {
    if (errorToast.current !== undefined) toast.dismiss(errorToast.current);
    errorToast.current = undefined;
  };
  const busy = verify.isPending || confirm.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void check(code);
  };

  /** Six digits in (pasted, typed or filled by the phone): verified at once, no tap needed. */
  const onComplete = (full: string) => {
    if (!busy) void check(full);
  };

  const check = async (value: string) => {
    const parsed = otpSchema.safeParse(value);
    if (!parsed.success) {
      setError(tr(MESSAGES.otpIncomplete));
      return;
    }
    setError(undefined);
    clearErrorToast();
    const body = contact.email
      ? { email: contact.email, otp: parsed.data }
      : contact.phone
        ? { phone: contact.phone, otp: parsed.data }
        : { identifier: contact.identifier, otp: parsed.data };
    try {
      const result = await verify.mutateAsync(body);
      const email = result.email ?? contact.email;
      if (email) {
        try {
          await confirm.mutateAsync(email);
          clearErrorToast();
          toast.success(tr(MESSAGES.verified));
        } catch {
          toast.error(tr("Erreur lors de l'envoi de l'email de confirmation"));
        }
      } else {
        clearErrorToast();
        toast.success(tr('Compte vérifié avec succès !'));
      }
      onVerified(contact);
    } catch (failure) {
      const message = errorMessage(failure, tr(MESSAGES.otpInvalid));
      setError(message);
      clearErrorToast();
      errorToast.current = toast.error(message);
    }
  };

  const resendCode = async () => {
    // The contact of this view; else the one stored at sign-up.
    const stored = getUserContact();
    const target =
      contact.email || contact.phone || contact.identifier
        ? {
            email: contact.email,
            phone: contact.phone,
            identifier: contact.email || contact.phone ? undefined : contact.identifier,
          }
        : { email: stored?.email, phone: stored?.phone };
    if (!target.email && !target.phone && !('identifier' in target && target.identifier)) {
      toast.error(tr('Aucun contact trouvé. Veuillez vous réinscrire.'));
      return;
    }
    try {
      const result = await resend.mutateAsync(target);
      if (!result || typeof result.message !== 'string') {
        toast.error(tr('Format de réponse invalide du serveur'));
        return;
      }
      toast.success(tr(MESSAGES.otpResent));
      if (result.smsNotice) setCurrentNotice(result.smsNotice);
      setCode('');
      setError(undefined);
      restart();
    } catch (failure) {
      toast.error(errorMessage(failure, tr("Erreur lors de l'envoi du code")));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          Vérification du compte
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {tr('Entrez le code à 6 chiffres reçu')}
          {otpChannel ? ` ${tr(CHANNEL_TEXT[otpChannel])}` : ''}
          {destination ? (
            <>
              {' '}
              {tr('pour')} <span className="font-medium break-all">{destination}</span>
            </>
          ) : null}
          .
        </p>
      </div>
      {currentNotice ? (
        <Alert tone="info">
          <p>{currentNotice}</p>
          {whatsapp ? (
            <a href={whatsapp} className="mt-1 inline-block font-medium underline" target="_blank" rel="noreferrer">
              {tr('Écrire sur WhatsApp')}
            </a>
          ) : null}
        </Alert>
      ) : null}
      <div>
        <OtpInput
          value={code}
          onChange={setCode}
          onComplete={onComplete}
          error={error}
          label={tr('Code de vérification')}
          autoFocus
        />
        {error ? (
          <p className="mt-2 text-sm text-red-700" data-testid="otp-error">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? tr('Vérification...') : tr('Vérifier')}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm text-slate-700">
        <p aria-live="polite" aria-atomic="true">
          {left > 0
            ? tr('Vous pourrez demander un nouveau code dans {time}', { time: formatSeconds(left) })
            : tr('Le code a expiré ? Demandez-en un nouveau.')}
        </p>
        <Button variant="secondary" size="sm" onClick={resendCode} disabled={left > 0 || resend.isPending}>
          {resend.isPending ? tr('Envoi...') : tr('Renvoyer le code')}
        </Button>
        <BackToLoginButton onBack={onBack} className="" />
      </div>
    </form>
  );
}
