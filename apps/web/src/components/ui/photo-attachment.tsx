import type { MessageImage } from '@app/shared/conversations';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { resizeImage } from '../../lib/resize-image';
import { Button, buttonClass } from './button';
import { LineIcon } from './line-icon';
import { CAMERA_PATH } from './message-photo';
import { photoMessages } from './photo-messages';

/** Sends a photo (multipart) with its progress (0 to 1) and answers it as the server keeps it. */
export type UploadPhoto = (file: File, onProgress: (fraction: number) => void) => Promise<MessageImage>;

type AttachmentState =
  | { status: 'empty'; problem: string | null }
  | { status: 'preparing'; preview: string | null }
  | { status: 'uploading'; preview: string; file: File; progress: number }
  | { status: 'ready'; preview: string; image: MessageImage }
  | { status: 'failed'; preview: string; file: File; message: string };

export interface PhotoAttachment {
  state: AttachmentState;
  /** The photo is being made light or sent: the message waits for it. */
  busy: boolean;
  /** The sent photo's id, for the message. */
  imageId: string | undefined;
  pick: (files: FileList | null) => void;
  retry: () => void;
  /** Forgets the photo (before sending it, or once its message is sent). */
  clear: () => void;
}

/**
 * One photo for a message (decision 065): made light in the browser as the other uploads are
 * (`resizeImage`, 1 600 px: the server keeps no more), sent at once with its progress while the
 * text is written, shown as a preview that can be removed; a failed upload keeps the photo to
 * send again.
 */
export function usePhotoAttachment(upload: UploadPhoto): PhotoAttachment {
  const t = useT(photoMessages);
  const [state, setState] = useState<AttachmentState>({ status: 'empty', problem: null });
  // Each photo chosen has its number: the answer of an upload removed meanwhile is ignored.
  const turn = useRef(0);
  const preview = state.status === 'empty' ? null : state.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const send = useCallback(
    async (file: File, shown: string, mine: number) => {
      setState({ status: 'uploading', preview: shown, file, progress: 0 });
      try {
        const image = await upload(file, (progress) => {
          if (turn.current === mine) setState({ status: 'uploading', preview: shown, file, progress });
        });
        if (turn.current === mine) setState({ status: 'ready', preview: shown, image });
      } catch (error) {
        if (turn.current === mine) setState({ status: 'failed', preview: shown, file, message: (error as Error).message });
      }
    },
    [upload],
  );

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const mine = ++turn.current;
    if (!file.type.startsWith('image/')) {
      setState({ status: 'empty', problem: t('notImage', { name: file.name }) });
      return;
    }
    setState({ status: 'preparing', preview: null });
    void resizeImage(file).then((light) => {
      if (turn.current !== mine) return;
      void send(light, URL.createObjectURL(light), mine);
    });
  };

  return {
    state,
    busy: state.status === 'preparing' || state.status === 'uploading',
    imageId: state.status === 'ready' ? state.image._id : undefined,
    pick,
    retry: () => {
      if (state.status === 'failed') void send(state.file, state.preview, ++turn.current);
    },
    clear: () => {
      turn.current++;
      setState({ status: 'empty', problem: null });
    },
  };
}

/** 'Ajouter une photo': the gallery or the camera, by touch or keyboard (the file field inside takes the focus). */
export function PhotoAttachButton({ attachment, disabled }: { attachment: PhotoAttachment; disabled?: boolean }) {
  const t = useT(photoMessages);
  const off = disabled || attachment.busy;
  return (
    <label
      className={buttonClass(
        'secondary',
        'sm',
        `cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 ${off ? 'pointer-events-none opacity-60' : ''}`,
      )}
    >
      <LineIcon path={CAMERA_PATH} size={18} />
      <span aria-hidden="true" className="sm:hidden">
        {t('attachShort')}
      </span>
      <span aria-hidden="true" className="hidden sm:inline">
        {t('attach')}
      </span>
      <input
        type="file"
        accept="image/*"
        aria-label={t('attach')}
        disabled={off}
        className="sr-only"
        data-photo-input
        onChange={(change) => {
          attachment.pick(change.target.files);
          change.target.value = '';
        }}
      />
    </label>
  );
}

/** The chosen photo before it is sent: its preview, the upload's progress or failure, and 'Retirer la photo'. */
export function PhotoAttachmentPreview({ attachment }: { attachment: PhotoAttachment }) {
  const t = useT(photoMessages);
  const { state } = attachment;
  // A file the browser cannot show (the server will say what is wrong with it) shows no broken image.
  const [broken, setBroken] = useState<string | null>(null);
  const percent = state.status === 'uploading' ? Math.round(state.progress * 100) : 0;
  const status =
    state.status === 'preparing'
      ? t('preparing')
      : state.status === 'uploading'
        ? t('uploading', { percent })
        : state.status === 'ready'
          ? t('ready')
          : state.status === 'failed'
            ? t('failed', { message: state.message })
            : state.problem;
  return (
    <div aria-live="polite" className={state.status === 'empty' && !state.problem ? '' : 'mb-2'}>
      {state.status === 'empty' ? (
        state.problem ? (
          <p className="text-sm text-red-700">{state.problem}</p>
        ) : null
      ) : (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-2" data-photo-preview>
          {state.preview && broken !== state.preview ? (
            <img
              src={state.preview}
              alt={t('preview')}
              width={64}
              height={64}
              onError={() => setBroken(state.preview)}
              className="size-16 shrink-0 rounded-lg object-cover"
            />
          ) : (
            <div
              className={`flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-200 text-slate-500 ${state.preview ? '' : 'animate-pulse'}`}
            >
              <LineIcon path={CAMERA_PATH} size={24} />
            </div>
          )}
          <div className="min-w-0 flex-1">
            <p className={`text-sm ${state.status === 'failed' ? 'text-red-700' : 'text-slate-700'}`}>{status}</p>
            {state.status === 'uploading' ? (
              <progress className="mt-1 h-2 w-full accent-brand-700" max={100} value={percent} aria-label={t('progress')} />
            ) : null}
            {state.status === 'failed' ? (
              <Button variant="secondary" size="sm" className="mt-1" onClick={attachment.retry}>
                {t('retry')}
              </Button>
            ) : null}
          </div>
          <Button variant="ghost" size="sm" onClick={attachment.clear} aria-label={t('remove')} title={t('remove')}>
            <span aria-hidden="true" className="text-xl leading-none">
              ×
            </span>
          </Button>
        </div>
      )}
    </div>
  );
}
