import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { resizeImage } from '../../../lib/resize-image';
import { removeAvatar, uploadAvatar, useProfile, useProfileSaved } from '../api/profile';
import { profileMessages } from '../messages';
import { ProfileSection } from './profile-section';

/** The server keeps a 384 px square; 800 px on the longest side leaves it room to cut and costs ~100 KB. */
const PHOTO_MAX_SIDE = 800;
const pickerClass = buttonClass('secondary', 'md', 'cursor-pointer focus-within:outline-2 focus-within:outline-brand-700');

/**
 * 'Photo de profil': from the gallery or the camera, made light in the browser, sent with its
 * progress (the event form's way); a failed upload keeps the photo to send again; 'Retirer'.
 */
export function PhotoSection() {
  const t = useT(profileMessages);
  const profile = useProfile();
  const saved = useProfileSaved();
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<{ file: File; message: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const busy = preparing || progress !== null || removing;

  const send = async (file: File) => {
    setFailed(null);
    setProgress(0);
    try {
      const answer = await uploadAvatar(file, setProgress);
      saved(answer.profile);
      toast.success(answer.message);
    } catch (error) {
      setFailed({ file, message: (error as Error).message });
    } finally {
      setProgress(null);
    }
  };

  const onPick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    if (!file.type.startsWith('image/')) {
      setProblem(t('photoNotImage', { name: file.name }));
      return;
    }
    setPreparing(true);
    const light = await resizeImage(file, PHOTO_MAX_SIDE);
    setPreparing(false);
    await send(light);
  };

  const onRemove = async () => {
    setRemoving(true);
    setRemoveError(null);
    try {
      const answer = await removeAvatar();
      saved(answer.profile);
      setConfirming(false);
      toast.success(answer.message);
    } catch (error) {
      setRemoveError((error as Error).message);
    } finally {
      setRemoving(false);
    }
  };

  const picker = (label: string, capture?: 'user') => (
    <label className={`${pickerClass} ${busy ? 'pointer-events-none opacity-60' : ''}`}>
      {label}
      <input
        type="file"
        accept="image/*"
        capture={capture}
        disabled={busy}
        className="sr-only"
        aria-describedby="photo-hint"
        onChange={(change) => {
          void onPick(change.target.files);
          change.target.value = '';
        }}
      />
    </label>
  );

  const avatar = profile.data?.avatar ?? null;
  return (
    <ProfileSection title={t('photoTitle')} hint={<span id="photo-hint">{t('photoHint')}</span>} id="photo">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {profile.isPending ? (
          <Skeleton className="size-24 shrink-0 rounded-full" />
        ) : avatar ? (
          <img
            src={avatar}
            alt={t('photoCurrent')}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full border border-slate-200 object-cover"
            data-avatar
          />
        ) : (
          <div
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-50 text-center text-xs text-slate-700"
            data-avatar-none
          >
            {t('photoNone')}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {picker(t('photoGallery'))}
          {picker(t('photoCamera'), 'user')}
          {avatar ? (
            <Button variant="ghost" onClick={() => setConfirming(true)} disabled={busy}>
              {t('photoRemove')}
            </Button>
          ) : null}
        </div>
      </div>
      <div aria-live="polite" className="mt-3 space-y-2">
        {preparing ? <p className="text-sm text-slate-700">{t('photoPreparing')}</p> : null}
        {progress !== null ? (
          <div>
            <p className="text-sm text-slate-700">{t('photoUploading', { percent: Math.round(progress * 100) })}</p>
            <progress className="w-full" max={100} value={Math.round(progress * 100)} aria-label={t('photoProgress')} />
          </div>
        ) : null}
      </div>
      {problem ? <Alert className="mt-3">{problem}</Alert> : null}
      {failed ? (
        <Alert className="mt-3">
          <p>{t('photoFailed', { message: failed.message })}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void send(failed.file)} disabled={busy}>
            {t('photoRetry')}
          </Button>
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('photoRemoveTitle')}
        message={t('photoRemoveConfirm')}
        confirmLabel={t('photoRemove')}
        pending={removing}
        error={removeError}
        onConfirm={() => void onRemove()}
        onCancel={() => {
          setConfirming(false);
          setRemoveError(null);
        }}
      />
    </ProfileSection>
  );
}
