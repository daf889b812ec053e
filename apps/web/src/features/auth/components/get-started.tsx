import { type OtpChannel, RESET_TOKEN_PATTERN, type ResetContact } from '@app/shared/auth';
import { NEXT_PARAM, safeNextPath } from '@app/shared/next-path';
import type { PublicUser } from '@app/shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type LoginPrefill, LoginForm, type OtpContact } from './login-form';
import { NewPasswordForm } from './new-password-form';
import { OtpView } from './otp-view';
import { RegisterForm } from './register-form';
import { ResetRequestForm } from './reset-request-form';
import { useAuthT } from '../messages';
import { goInstead, signIn } from '../../../lib/auth';
import { tabAfterKey } from '../../../lib/tabs';

type View =
  | { name: 'login' | 'register' }
  | { name: 'otp'; contact: OtpContact; otpChannel?: OtpChannel; notice?: string }
  | { name: 'reset' }
  | { name: 'new-password'; contact?: ResetContact; token?: string };

const TABS = [
  { name: 'login', label: 'Se Connecter' },
  { name: 'register', label: "S'inscrire" },
] as const;

function prefillFrom(contact: OtpContact): LoginPrefill | undefined {
  if (contact.email) return { identifierType: 'email', identifier: contact.email };
  if (contact.phone) return { identifierType: 'phone', identifier: contact.phone };
  if (contact.identifier) return { identifierType: 'username', identifier: contact.identifier };
  return undefined;
}

/** /GetStarted: sign in, sign up, code check and password reset. */
export function GetStarted() {
  const tr = useAuthT();
  const [searchParams] = useSearchParams();
  // The reset e-mail's link (`?reset=<token>`) opens straight on the new password (issue 24, finding 10).
  const [view, setView] = useState<View>(() => {
    const token = searchParams.get('reset');
    return token && RESET_TOKEN_PATTERN.test(token) ? { name: 'new-password', token } : { name: 'login' };
  });
  const [prefill, setPrefill] = useState<LoginPrefill | undefined>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const panelRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Moving to another sub-view puts the focus at its start, for keyboard and screen-reader users.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (view.name === 'login' || view.name === 'register') return;
    panelRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [view.name]);

  // Back to the page that sent here (`?next=`, decision 026: kept in the address through sign-up, the
  // code check and every sign-in kind, since those are views of this one page); else the back
  // office, or 'Mon compte' for everyone else (within the app, so the 'Connexion réussie !' toast stays).
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  const onSignedIn = (token: string, user: PublicUser) => goInstead(navigate, signIn(queryClient, token, user, next));

  const toLogin = (next?: LoginPrefill) => {
    if (next) setPrefill(next);
    setView({ name: 'login' });
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(TABS, TABS[index] as (typeof TABS)[number], event.key);
    if (!next) return;
    event.preventDefault();
    setView({ name: next.name });
    tabRefs.current[next.name]?.focus();
  };

  const tabbed = view.name === 'login' || view.name === 'register';

  const panelContent = () => (
    <>
      {view.name === 'login' ? (
        <LoginForm
          key={prefill ? `${prefill.identifierType}:${prefill.identifier}` : 'empty'}
          prefill={prefill}
          onSignedIn={onSignedIn}
          onRequiresOtp={(contact, otpChannel) => setView({ name: 'otp', contact, otpChannel })}
          onForgotPassword={() => setView({ name: 'reset' })}
        />
      ) : null}
      {view.name === 'register' ? (
        <RegisterForm onCodeSent={(contact, otpChannel, notice) => setView({ name: 'otp', contact, otpChannel, notice })} />
      ) : null}
      {view.name === 'otp' ? (
        <OtpView
          contact={view.contact}
          otpChannel={view.otpChannel}
          notice={view.notice}
          onVerified={(contact) => toLogin(prefillFrom(contact))}
          onBack={() => toLogin()}
        />
      ) : null}
      {view.name === 'reset' ? (
        <ResetRequestForm onCodeSent={(contact) => setView({ name: 'new-password', contact })} onBack={() => toLogin()} />
      ) : null}
      {view.name === 'new-password' ? (
        <NewPasswordForm
          contact={view.contact}
          token={view.token}
          onDone={() => toLogin(view.contact ? prefillFrom(view.contact) : undefined)}
          onBack={() => toLogin()}
        />
      ) : null}
    </>
  );

  return (
    <div className="w-full">
      {tabbed ? (
        <div
          role="tablist"
          aria-label={tr('Connexion ou inscription')}
          className="mb-6 grid grid-cols-2 border-b border-slate-200"
        >
          {TABS.map((tab, index) => {
            const selected = view.name === tab.name;
            return (
              <button
                key={tab.name}
                ref={(element) => {
                  tabRefs.current[tab.name] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${tab.name}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setView({ name: tab.name })}
                onKeyDown={(event) => onTabKey(event, index)}
                className={`-mb-px min-h-11 border-b-2 px-3 py-2 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
                }`}
              >
                {tr(tab.label)}
              </button>
            );
          })}
        </div>
      ) : null}
      <div ref={panelRef} className="[&_h2]:outline-none">
        {tabbed ? (
          <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${view.name}`}>
            {panelContent()}
          </div>
        ) : (
          panelContent()
        )}
      </div>
    </div>
  );
}
