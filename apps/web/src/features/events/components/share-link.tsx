import type { EventDetail } from '@app/shared/events';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useRegenerateShareLink } from '../api/regenerate-share-link';
import { eventsMessages } from '../messages';

/**
 * A private event's share link (decision 011), for its organiser and event managers: the address
 * to copy, and a new one that revokes the old (after a confirmation).
 */
export function ShareLink({ event }: { event: EventDetail }) {
  const t = useT(eventsMessages);
  const id = useId();
  const regenerate = useRegenerateShareLink(event._id);
  const [confirm, setConfirm] = useState(false);
  if (event.isPublic || !event.shareUrl) return null;
  // The server's public address (PUBLIC_URL), not the one this back office is opened on.
  const url = event.shareUrl;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('shareLinkCopied'));
    } catch {
      // No clipboard (insecure page, refused permission): the field is selected for a manual copy.
      const field = document.getElementById(id) as HTMLInputElement | null;
      field?.select();
      toast.info(t('shareLinkSelect'));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t('shareLink')}
      </h3>
      <p className="text-xs text-slate-600">{t('shareLinkHint')}</p>
      <label htmlFor={id} className="sr-only">
        {t('shareLink')}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('copyShareLink')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            regenerate.reset();
            setConfirm(true);
          }}
        >
          {t('regenerateShareLink')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        title={t('regenerateShareLinkTitle')}
        message={t('regenerateShareLinkText')}
        confirmLabel={t('regenerateShareLink')}
        pending={regenerate.isPending}
        error={regenerate.error ? regenerate.error.message : null}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              toast.success(t('shareLinkRegenerated'));
            },
          })
        }
      />
    </section>
  );
}
