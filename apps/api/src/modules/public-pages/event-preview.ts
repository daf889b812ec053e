import { imagePreview, svgPreview } from '../uploads/image-processing';
import { cardPreviewKey, imagePreviewKey } from '../uploads/uploads.storage';
import { type FileResult, resolveEvent } from './event-access';
import { frenchDateTime } from './format';
import { cardFingerprint, cardSvg, readAll } from './previews';
import type { PublicPagesDeps } from './public-pages.deps';

/**
 * `…/apercu.jpg`: the 1200×630 JPEG preview for WhatsApp, Facebook and X (decision 022), made once
 * in the image queue and stored: cut from the event's first image, or, without one, drawn with the
 * event's title, date (French, Douala time), city and the site's mark; drawn again when one of them
 * changes (a new key).
 */
export async function eventPreview(
  deps: PublicPagesDeps,
  slugId: string,
  token: string | undefined,
  now = new Date(),
): Promise<FileResult> {
  const access = await resolveEvent(deps, slugId, token, '/apercu.jpg', now);
  if (access.kind !== 'open') return access;
  const { event } = access;
  const cover = event.images[0];
  let jpeg: Buffer | null;
  if (cover) {
    jpeg = await deps.previews.get(imagePreviewKey(cover.detailKey), async () => {
      const file = await deps.storage.open(cover.detailKey);
      return file ? imagePreview(await readAll(file.stream)) : null;
    });
  } else {
    const text = {
      siteName: await deps.siteName(),
      title: event.title,
      when: frenchDateTime(event.startDateTime),
      city: event.city,
    };
    jpeg = await deps.previews.get(cardPreviewKey(event.id, cardFingerprint(text)), () => svgPreview(cardSvg(text)));
  }
  if (!jpeg) return { kind: 'missing', status: 404 };
  return { kind: 'file', body: jpeg, private: !event.isPublic };
}
