import { PERMISSIONS, type Permission, ROLES, type Role } from '@app/shared/permissions';
import { useT } from '../../../lib/i18n';
import { rolesMessages } from '../messages';

type Key = keyof (typeof rolesMessages)['fr'];

/**
 * Rôles (read-only): each role and each permission with what it opens, from the shared
 * PERMISSIONS list the server's access hook enforces. `modulesFor` names the back-office
 * modules a permission shows (given by the route, from the sidebar).
 */
export function RolesScreen({ modulesFor }: { modulesFor: (permission: Permission) => string[] }) {
  const t = useT(rolesMessages);
  const holds = (role: Role) => (role === 'superadmin' ? t('all') : role === 'admin' ? t('own') : t('none'));
  return (
    <section aria-labelledby="roles-title" className="space-y-8">
      <div>
        <h1 id="roles-title" className="text-2xl font-bold text-slate-900">
          {t('title')}
        </h1>
        <p className="mt-1 max-w-3xl text-slate-600">{t('intro')}</p>
      </div>

      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('rolesTitle')}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {ROLES.map((role) => (
            <li key={role} className="rounded-xl border border-slate-200 bg-white p-4" data-role={role}>
              <p className="font-semibold text-slate-900">
                {t(`role.${role}` as Key)} <code className="ml-1 text-xs font-normal text-slate-500">{role}</code>
              </p>
              <p className="mt-1 text-sm text-slate-700">{t(`role.${role}.text` as Key)}</p>
              <p className="mt-2 text-sm text-slate-600">
                <span className="font-medium text-slate-800">{t('holds')} </span>
                {holds(role)}
              </p>
            </li>
          ))}
        </ul>
      </div>

      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('permissionsTitle')}</h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {PERMISSIONS.map((permission) => {
            const modules = modulesFor(permission);
            return (
              <li
                key={permission}
                className="grid gap-1 p-4 md:grid-cols-[16rem_1fr_14rem] md:gap-4"
                data-permission={permission}
              >
                <div>
                  <p className="font-semibold text-slate-900">{t(`perm.${permission}` as Key)}</p>
                  <code className="text-xs text-slate-500">{permission}</code>
                </div>
                <p className="text-sm text-slate-700">
                  <span className="sr-only">{t('opens')} </span>
                  {t(`perm.${permission}.text` as Key)}
                </p>
                <p className="text-sm text-slate-600">
                  <span className="font-medium text-slate-800 md:sr-only">{t('modules')} </span>
                  {modules.length ? modules.join(', ') : '—'}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
