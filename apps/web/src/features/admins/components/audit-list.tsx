import type { AuditEntryView } from '@app/shared/admins';
import { isPermission, type Permission } from '@app/shared/permissions';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useAdminAudit } from '../api/get-admin-audit';
import { type AdminsMessageKey, adminsMessages } from '../messages';

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function permissionsOf(value: unknown): Permission[] {
  const list = record(value).permissions;
  return Array.isArray(list) ? list.filter((item): item is Permission => typeof item === 'string' && isPermission(item)) : [];
}

/** The admin's latest actions, and those done on it, from the audit log (read only). */
export function AuditList({ userId }: { userId: string }) {
  const t = useT(adminsMessages);
  const audit = useAdminAudit(userId);

  if (audit.isPending) return <p className="text-sm text-slate-500">{t('loading')}</p>;
  if (audit.isError) return <p className="text-sm text-red-700">{audit.error.message}</p>;
  if (audit.data.items.length === 0) return <p className="text-sm text-slate-500">{t('noActivity')}</p>;

  const describe = (entry: AuditEntryView) => {
    const key = `action.${entry.action}`;
    const verb = key in adminsMessages.fr ? t(key as AdminsMessageKey) : t('action.other', { action: entry.action });
    const before = record(entry.before);
    const fallbackTarget =
      typeof before.email === 'string' ? before.email : [before.firstName, before.lastName].filter(Boolean).join(' ');
    return {
      actor: entry.actorName ?? t('deletedAccount'),
      verb,
      target: entry.targetName ?? (fallbackTarget || t('deletedAccount')),
    };
  };

  return (
    <ol className="space-y-2">
      {audit.data.items.map((entry) => {
        const { actor, verb, target } = describe(entry);
        const before = permissionsOf(entry.before);
        const after = permissionsOf(entry.after);
        const added = entry.after ? after.filter((item) => !before.includes(item)) : [];
        const removed = entry.after ? before.filter((item) => !after.includes(item)) : [];
        return (
          <li key={entry._id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <p className="text-slate-800">
              <span className="font-medium">{actor}</span> {verb} <span className="font-medium">{target}</span>
            </p>
            {(added.length > 0 || removed.length > 0) && (
              <p className="mt-0.5 text-xs text-slate-600">
                {added.map((item) => (
                  <span key={`+${item}`} className="mr-2 text-emerald-700">
                    + {t(`perm.${item}`)}
                  </span>
                ))}
                {removed.map((item) => (
                  <span key={`-${item}`} className="mr-2 text-red-700">
                    − {t(`perm.${item}`)}
                  </span>
                ))}
              </p>
            )}
            <p className="mt-0.5 text-xs text-slate-500">
              <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
