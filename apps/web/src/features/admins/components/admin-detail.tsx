import type { ManagedUser } from '@app/shared/admins';
import type { Permission } from '@app/shared/permissions';
import type { PublicUser } from '@app/shared/users';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useBlockAdmin } from '../api/block-admin';
import { useAdmin } from '../api/get-admin';
import { useRevokeAdmin } from '../api/revoke-admin';
import { useUnblockAdmin } from '../api/unblock-admin';
import { useUpdateAdmin } from '../api/update-admin';
import { adminsMessages } from '../messages';
import { PermissionChecklist } from './permission-checklist';
import { AdminAudit, AdminFacts, AdminHeader } from './admin-facts';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';

interface AdminDetailProps {
  id: string;
  me: PublicUser | undefined;
  onBack: () => void;
  onRevoked: () => void;
}

export function AdminDetail({ id, me, onBack, onRevoked }: AdminDetailProps) {
  const t = useT(adminsMessages);
  const detail = useAdmin(id);
  return (
    <LoadedDetailPanel query={detail} t={t} labelledBy="admin-detail-title" onBack={onBack} backAlways>
      {(data) => <AdminDetailBody key={data.user._id} admin={data.user} me={me} onRevoked={onRevoked} />}
    </LoadedDetailPanel>
  );
}

function sameSet(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((item) => b.includes(item));
}

function AdminDetailBody({ admin, me, onRevoked }: { admin: ManagedUser; me: PublicUser | undefined; onRevoked: () => void }) {
  const t = useT(adminsMessages);
  const [draft, setDraft] = useState<Permission[]>(admin.grantedPermissions);
  // After a save or a refetch, the checkboxes show the stored rights again.
  const granted = admin.grantedPermissions.join(',');
  const [syncedWith, setSyncedWith] = useState(granted);
  if (syncedWith !== granted) {
    setSyncedWith(granted);
    setDraft(admin.grantedPermissions);
  }
  const [confirm, setConfirm] = useState<'block' | 'revoke' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // On a phone the list disappears when an admin is opened: bring focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  const update = useUpdateAdmin();
  const block = useBlockAdmin();
  const unblock = useUnblockAdmin();
  const revoke = useRevokeAdmin();

  const mine = me?.permissions ?? [];
  const canManage = mine.includes('manage_admins');
  const canApprove = canManage || mine.includes('validate_admins');
  const isSelf = me?._id === admin._id;
  const isSuper = admin.role === 'superadmin';
  const status = admin.adminStatus ?? 'pending';
  const untouchable = isSelf || isSuper;
  // The server refuses to block or revoke an admin holding a permission the actor lacks.
  const outranked = admin.grantedPermissions.some((permission) => !mine.includes(permission));
  const editable = !untouchable && (status === 'pending' ? canApprove : canManage);
  const dirty = !sameSet(draft, admin.grantedPermissions);
  const busy = update.isPending || block.isPending || unblock.isPending || revoke.isPending;
  const name = `${admin.firstName} ${admin.lastName}`.trim() || admin.email || admin._id;

  const fail = (prefix: string) => (error: Error) => toast.error(`${prefix} : ${error.message}`);

  const approve = () =>
    update.mutate(
      { id: admin._id, body: { permissions: draft, isAdminValidated: true, role: 'admin' } },
      { onSuccess: () => toast.success(t('approved')), onError: fail(t('validateError')) },
    );
  const saveRights = () =>
    update.mutate(
      { id: admin._id, body: { permissions: draft } },
      { onSuccess: () => toast.success(t('rightsSaved')), onError: fail(t('rightsError')) },
    );
  const doBlock = () =>
    block.mutate(admin._id, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(t('blocked'));
      },
    });
  const doUnblock = () =>
    unblock.mutate(admin._id, { onSuccess: () => toast.success(t('unblocked')), onError: fail(t('unblockError')) });
  const doRevoke = () =>
    revoke.mutate(admin._id, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(t('revoked'));
        onRevoked();
      },
    });
  const closeConfirm = () => {
    setConfirm(null);
    block.reset();
    revoke.reset();
  };
  const confirmError = confirm === 'revoke' ? revoke.error : confirm === 'block' ? block.error : null;

  let permissionsNote: string | null = null;
  if (isSuper) permissionsNote = t('permissionsSuperadmin');
  else if (isSelf) permissionsNote = t('permissionsSelf');
  else if (!editable) permissionsNote = t('permissionsReadOnly');

  return (
    <div className="space-y-5">
      <AdminHeader ref={headingRef} name={name} isSuper={isSuper} isSelf={isSelf} status={status} />

      <AdminFacts admin={admin} status={status} isSuper={isSuper} />

      <section aria-labelledby="admin-permissions-title">
        <h3 id="admin-permissions-title" className="mb-2 font-semibold text-slate-900">
          {t('permissions')}
        </h3>
        {permissionsNote && <p className="mb-2 text-sm text-slate-500">{permissionsNote}</p>}
        <PermissionChecklist
          value={isSuper ? admin.permissions : draft}
          onChange={setDraft}
          disabled={!editable || busy}
          grantable={mine}
        />
      </section>

      {!untouchable && (
        <div className="flex flex-wrap gap-2">
          {status === 'pending' && canApprove && (
            <Button onClick={approve} disabled={busy}>
              {update.isPending ? t('working') : t('approve')}
            </Button>
          )}
          {status !== 'pending' && canManage && (
            <Button onClick={saveRights} disabled={busy || !dirty}>
              {update.isPending ? t('working') : t('saveRights')}
            </Button>
          )}
          {status === 'blocked' && canManage && (
            <Button variant="success" onClick={doUnblock} disabled={busy}>
              {unblock.isPending ? t('working') : t('unblock')}
            </Button>
          )}
          {status !== 'blocked' && canManage && !outranked && (
            <Button variant="secondary" onClick={() => setConfirm('block')} disabled={busy}>
              {t('block')}
            </Button>
          )}
          {canManage && !outranked && (
            <Button variant="danger" onClick={() => setConfirm('revoke')} disabled={busy}>
              {t('revoke')}
            </Button>
          )}
        </div>
      )}

      <AdminAudit userId={admin._id} />

      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'revoke' ? 'revokeConfirmTitle' : 'blockConfirmTitle', { name })}
        message={t(confirm === 'revoke' ? 'revokeConfirmText' : 'blockConfirmText')}
        confirmLabel={confirm === 'revoke' ? t('revokeConfirm') : t('block')}
        onConfirm={confirm === 'revoke' ? doRevoke : doBlock}
        onCancel={closeConfirm}
        pending={block.isPending || revoke.isPending}
        error={confirmError ? `${t(confirm === 'revoke' ? 'revokeError' : 'blockError')} : ${confirmError.message}` : null}
      />
    </div>
  );
}
