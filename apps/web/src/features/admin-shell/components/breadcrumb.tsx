import { Link, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n';
import { shellMessages } from '../messages';
import { entryForPath } from '../nav';
import { paths } from '../../../config/paths';

/** 'Accueil > module'. */
export function Breadcrumb() {
  const t = useT(shellMessages);
  const { pathname } = useLocation();
  const entry = entryForPath(pathname);
  const module = entry && entry.id !== 'accueil' ? entry : null;
  return (
    <nav aria-label={t('breadcrumb')} className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          {module ? (
            <Link to={paths.admin.root} className="hover:text-brand-700 hover:underline">
              {t('accueil')}
            </Link>
          ) : (
            <span aria-current="page">{t('accueil')}</span>
          )}
        </li>
        {module ? (
          <>
            <li aria-hidden="true">&gt;</li>
            <li aria-current="page" className="font-medium text-slate-900">
              {t(module.id)}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}
