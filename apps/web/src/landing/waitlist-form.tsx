import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { WAITLIST_MESSAGES } from '@app/shared/waitlist-messages';
import { toast } from '../components/ui/toast';

type Field = 'name' | 'phone' | 'email';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', phone: '', email: '' };
const TIMEOUT_MS = 15_000;

/**
 * A light first check in the browser; the server checks again with the shared zod schema
 * (which is kept out of this page to keep it small) and its messages win.
 */
export function checkSignup(values: Values): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Le nom est requis';
  else if (values.name.trim().length > 120) errors.name = '120 caractères au maximum';
  const digits = values.phone.replace(/\D/g, '');
  if (!values.phone.trim()) errors.phone = 'Numéro de téléphone requis';
  else if (digits.length < 8 || digits.length > 15 || /[^\d\s+().-]/.test(values.phone))
    errors.phone = 'Numéro de téléphone invalide';
  const email = values.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Adresse e-mail invalide';
  return errors;
}

/** `?ref=` of the landing URL, when it is a valid referral code. */
function referralCode(): string | undefined {
  const ref = new URLSearchParams(window.location.search).get('ref')?.trim();
  return ref && /^[\w-]{1,64}$/.test(ref) ? ref : undefined;
}

interface SignupAnswer {
  message?: string;
  alreadyRegistered?: boolean;
  fieldErrors?: Record<string, string[]>;
}

export function WaitlistForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const shownAt = useRef(0);
  const honeypot = useRef<HTMLInputElement>(null);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const id = useId();

  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = (['name', 'phone', 'email'] as const).find((field) => found[field]);
    if (first) fields.current[first]?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = checkSignup(values);
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setSending(true);
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const response = await fetch('/api/waitlist', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          name: values.name.trim(),
          phone: values.phone.trim(),
          email: values.email.trim() || undefined,
          ref: referralCode(),
          website: honeypot.current?.value ?? '',
          elapsedMs: Math.round(performance.now() - shownAt.current),
        }),
        signal: controller.signal,
      });
      const answer = (await response.json().catch(() => ({}))) as SignupAnswer;
      if (response.ok) {
        if (answer.alreadyRegistered) toast.info(answer.message ?? WAITLIST_MESSAGES.alreadyRegistered);
        else toast.success(WAITLIST_MESSAGES.success);
        setValues(EMPTY);
        setErrors({});
        shownAt.current = performance.now();
        return;
      }
      const serverErrors: Errors = {};
      for (const field of ['name', 'phone', 'email'] as const) {
        const message = answer.fieldErrors?.[field]?.[0];
        if (message) serverErrors[field] = message;
      }
      if (Object.keys(serverErrors).length) showErrors(serverErrors);
      toast.error(answer.message || WAITLIST_MESSAGES.fallback);
    } catch {
      toast.error(WAITLIST_MESSAGES.fallback);
    } finally {
      window.clearTimeout(timer);
      setSending(false);
    }
  }

  const input = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: set(field),
    ref: (element: HTMLInputElement | null) => {
      fields.current[field] = element;
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : field === 'phone' ? `${id}-phone-hint` : undefined,
    className: `mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 ${
      errors[field] ? 'border-red-700' : 'border-slate-400'
    }`,
  });
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    // method="post": without JavaScript, a sent form never puts the phone number in the address.
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Inscription sur la liste d’attente">
      <noscript>
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          L’inscription a besoin de JavaScript : activez-le dans votre navigateur pour rejoindre la liste d’attente.
        </p>
      </noscript>
      <div>
        <label htmlFor={`${id}-name`} className="block font-medium text-slate-900">
          Nom complet <span aria-hidden="true">*</span>
        </label>
        <input {...input('name')} type="text" autoComplete="name" placeholder="Nom complet" maxLength={120} required />
        {error('name')}
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="block font-medium text-slate-900">
          Téléphone <span aria-hidden="true">*</span>
        </label>
        <input
          {...input('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+237 6XX XX XX XX"
          maxLength={30}
          required
        />
        {errors.phone ? (
          error('phone')
        ) : (
          <p id={`${id}-phone-hint`} className="mt-1 text-sm text-slate-600">
            Indicatif +237 par défaut.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="block font-medium text-slate-900">
          E-mail <span className="font-normal text-slate-600">(facultatif)</span>
        </label>
        <input {...input('email')} type="email" autoComplete="email" placeholder="vous@exemple.cm" maxLength={254} />
        {error('email')}
      </div>
      {/* Honeypot: hidden from people and assistive technology; a robot filling it is ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Site web</label>
        <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="h-12 w-full rounded-lg bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70"
      >
        {sending ? 'Inscription...' : "Je m'inscris"}
      </button>
    </form>
  );
}
