import type { MessageImage } from '@app/shared/conversations';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { Dialog } from './dialog';
import { LineIcon } from './line-icon';
import { photoMessages } from './photo-messages';

/** A camera, on the 24×24 grid of LineIcon. */
export const CAMERA_PATH = 'M4 8h3l2-3h6l2 3h3v11H4z M12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7';

/** How the server starts the last-message line of a conversation whose last message has a photo. */
const PHOTO_MARK = '📷 ';

/**
 * A conversation's last-message line: the server's '📷 ' drawn as a camera (some phones have no
 * emoji font), said 'Photo' to screen readers when the line is the photo's caption.
 */
export function MessagePreview({ text }: { text: string }) {
  const t = useT(photoMessages);
  if (!text.startsWith(PHOTO_MARK)) return text;
  const rest = text.slice(PHOTO_MARK.length);
  return (
    <>
      <LineIcon path={CAMERA_PATH} size={16} className="mr-1 inline-block align-[-3px]" />
      {rest === 'Photo' ? null : <span className="sr-only">{t('photoMark')}</span>}
      {rest}
    </>
  );
}

/** The largest a photo is shown in a thread, in CSS pixels (the server's thread copy is 640 px). */
const SHOWN_WIDTH = 256;
const SHOWN_HEIGHT = 320;

/** The size a photo of `width` × `height` is shown at in a thread: within 256 × 320, never enlarged. */
export function shownSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(SHOWN_WIDTH / width, SHOWN_HEIGHT / height, 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A message's photo in its bubble: the thread's light copy, loaded when it comes near the screen,
 * its box sized before it arrives (no jump of the thread); a tap (or Enter) opens the whole photo.
 */
export function MessagePhoto({ image, alt }: { image: MessageImage; alt: string }) {
  const t = useT(photoMessages);
  const [open, setOpen] = useState(false);
  const size = shownSize(image.width, image.height);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('open', { alt })}
        className="mb-1 block max-w-full overflow-hidden rounded-xl bg-slate-200 ring-1 ring-black/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        style={{ width: size.width, aspectRatio: `${image.width} / ${image.height}` }}
        data-message-photo
      >
        <img
          src={image.url}
          alt={alt}
          width={size.width}
          height={size.height}
          loading="lazy"
          decoding="async"
          className="block h-full w-full object-cover"
        />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={alt} size="max-w-4xl">
        <img
          src={image.fullUrl}
          alt={alt}
          width={image.width}
          height={image.height}
          className="mx-auto block h-auto max-h-[70vh] w-auto max-w-full object-contain"
        />
        <p className="mt-3 text-center text-sm">
          <a
            href={image.fullUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {t('openOriginal')}
          </a>
        </p>
      </Dialog>
    </>
  );
}
