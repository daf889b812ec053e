import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useAdminUser } from '../hooks/use-admin-user';
import { shellMessages } from '../messages';
import { PRIMARY_NAV, SECONDARY_NAV, visibleEntries } from '../nav';
import { paths } from '../../../config/paths';

/** The home's module tiles: every sidebar module the user may open, the home itself aside. */
export function ModuleTiles({ title }: { title: string }) {
  const t = useT(shellMessages);
  const user = useAdminUser();
  const entries = visibleEntries([...PRIMARY_NAV, ...SECONDARY_NAV], user?.permissions).filter((entry) => entry.path !== '');
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="modules-title">
      <h2 id="modules-title" className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link
              to={paths.admin.screen(entry.path)}
              data-tile={entry.id}
              className="flex h-full min-h-14 items-center rounded-xl border border-l-4 border-slate-200 border-l-brand-600 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:border-brand-500 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t(entry.id)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
