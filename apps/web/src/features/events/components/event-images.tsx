import { EVENT_IMAGES_MAX, type EventDetail } from '@app/shared/events';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useAddEventImages } from '../api/add-event-images';
import { useRemoveEventImage } from '../api/remove-event-image';
import { eventsMessages } from '../messages';
import { checkImageFiles } from '../lib/image-files';

/** The event's images in the detail panel: thumbnails, remove one, add more (10 in all). */
export function EventImages({ event }: { event: EventDetail }) {
  const t = useT(eventsMessages);
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const add = useAddEventImages();
  const remove = useRemoveEventImage();
  const [problem, setProblem] = useState<string | null>(null);
  const room = EVENT_IMAGES_MAX - event.images.length;

  const pick = (files: FileList | null) => {
    if (!files) return;
    const { accepted, problems } = checkImageFiles(Array.from(files), room, {
      notImage: (name) => t('imagesNotImage', { name }),
      tooBig: (name) => t('imagesTooBig', { name }),
      tooMany: t('imagesTooMany'),
    });
    setProblem(problems.length ? problems.join(' · ') : null);
    if (fileInput.current) fileInput.current.value = '';
    if (accepted.length === 0) return;
    add.mutate({ id: event._id, images: accepted }, { onSuccess: () => toast.success(t('imagesAdded')) });
  };

  const error = problem ?? add.error?.message ?? remove.error?.message ?? null;

  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-2">
      <h3 id={`${inputId}-title`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('images')} ({event.images.length}/{EVENT_IMAGES_MAX})
      </h3>
      {event.images.length > 0 ? (
        <ul className="grid grid-cols-4 gap-2">
          {event.images.map((image, index) => (
            <li key={image._id} className="relative">
              <img
                src={image.cardUrl}
                alt={t('imageN', { n: index + 1 })}
                loading="lazy"
                className="aspect-square w-full rounded object-cover"
              />
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate({ id: event._id, imageId: image._id }, { onSuccess: () => toast.success(t('imageRemoved')) })
                }
                aria-label={t('removeImageN', { n: index + 1 })}
                className="absolute top-0.5 right-0.5 flex size-6 items-center justify-center rounded-full bg-slate-900/70 text-sm text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-50"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            disabled={add.isPending}
            onChange={(e) => pick(e.target.files)}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className="inline-flex min-h-9 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 hover:bg-slate-50"
          >
            {add.isPending ? t('imagesAdding') : `+ ${t('imagesAdd')}`}
          </label>
          <p className="mt-1 text-xs text-slate-600">{t('imagesHint')}</p>
        </div>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </section>
  );
}
