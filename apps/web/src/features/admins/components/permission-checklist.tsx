import { PERMISSION_GROUPS } from '@app/shared/admin-lists';
import type { Permission } from '@app/shared/permissions';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { adminsMessages } from '../messages';

interface PermissionChecklistProps {
  value: readonly Permission[];
  onChange: (value: Permission[]) => void;
  /** Whole list read-only. */
  disabled?: boolean;
  /** Permissions the signed-in admin may grant or withdraw; the others are shown but locked. */
  grantable: readonly Permission[];
}

/** The eleven permissions, grouped, as checkboxes. */
export function PermissionChecklist({ value, onChange, disabled = false, grantable }: PermissionChecklistProps) {
  const t = useT(adminsMessages);
  const baseId = useId();
  const toggle = (permission: Permission, checked: boolean) =>
    onChange(checked ? [...value, permission] : value.filter((item) => item !== permission));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {PERMISSION_GROUPS.map((group) => (
        <fieldset key={group.id} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t(`group.${group.id}` as 'group.content')}
          </legend>
          <ul className="space-y-1.5">
            {group.permissions.map((permission) => {
              const id = `${baseId}-${permission}`;
              const locked = disabled || !grantable.includes(permission);
              return (
                <li key={permission} className="flex items-start gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    name="permissions"
                    value={permission}
                    checked={value.includes(permission)}
                    disabled={locked}
                    onChange={(event) => toggle(permission, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600 disabled:opacity-60"
                  />
                  <label
                    htmlFor={id}
                    className={`text-sm leading-tight ${locked ? 'text-slate-500' : 'text-slate-800'}`}
                    title={!disabled && locked ? t('permissionNotHeld') : undefined}
                  >
                    {t(`perm.${permission}`)}
                    <span className="block font-mono text-[11px] text-slate-400">{permission}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
