import { useRouteError } from 'react-router';
import { uiMessages } from '../../../components/ui/messages';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/**
 * A screen that could not be shown: most often its chunk did not load (no network, or a new
 * version replaced it). Said plainly, with a way to try again, instead of the router's page.
 */
export function RouteError() {
  const t = useT(uiMessages);
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-bold text-slate-900">{t('pageUnavailable')}</h1>
      <p className="text-slate-700">{t('pageUnavailableHint')}</p>
      <Button onClick={() => window.location.reload()}>{t('retry')}</Button>
    </main>
  );
}
