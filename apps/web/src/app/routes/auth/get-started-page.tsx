import { NEXT_PARAM, safeNextPath } from '@app/shared/next-path';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { setLanguage, useLanguage } from '../../../lib/i18n';
import { GetStarted } from '../../../features/auth/components/get-started';
import { useAuthT } from '../../../features/auth/messages';
import { HomeLink, SiteBar } from '../../../components/layouts/site-bar';
import { goInstead, hasSession, isBackOfficeUser, pathAfterSignIn, useMe } from '../../../lib/auth';

/**
 * /GetStarted: sign in, sign up, code check, password reset. Someone already signed in goes back
 * to `?next=` (decision 026) when there is one; a signed-in administrator goes to /admin.
 */
export function GetStartedPage() {
  const tr = useAuthT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const user = useMe().data?.user;
  // Only for a session that was there when the page opened: a sign-in made here leads on by itself
  // (a second page load to the same address would abort the first).
  const [openedSignedIn] = useState(hasSession);
  const leaveTo = user && openedSignedIn && (next || isBackOfficeUser(user)) ? pathAfterSignIn(user, next) : null;
  useEffect(() => {
    if (leaveTo) goInstead(navigate, leaveTo);
  }, [leaveTo, navigate]);
  if (leaveTo) return null;
  return (
    <div className="min-h-dvh bg-slate-50">
      <SiteBar className="max-w-md">
        <div className="flex items-center gap-3">
          <button
            type="button"
            lang={language === 'fr' ? 'en' : 'fr'}
            onClick={() => setLanguage(language === 'fr' ? 'en' : 'fr')}
            className="min-h-11 rounded px-1 text-sm font-medium whitespace-nowrap text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {language === 'fr' ? 'English' : 'Français'}
          </button>
          <HomeLink>{tr('Retour à l’accueil')}</HomeLink>
        </div>
      </SiteBar>
      <main className="mx-auto max-w-md px-4 py-6 sm:py-10">
        <h1 className="sr-only">{tr('Connexion et inscription')}</h1>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <GetStarted />
        </div>
      </main>
    </div>
  );
}
