import { useT } from '../../../lib/i18n';
import type { usePickedImages } from '../hooks/use-picked-images';
import { eventsMessages } from '../messages';

interface ImagePickerProps {
  id: string;
  /** The images picked so far and what to do with them (`usePickedImages`). */
  picked: ReturnType<typeof usePickedImages>;
}

/** 'Images': a drop-zone-looking label for the file input, the problems, and the previews. */
export function ImagePicker({ id, picked }: ImagePickerProps) {
  const t = useT(eventsMessages);
  const { images, error } = picked;
  return (
    <>
      <div>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            picked.pick(event.target.files);
            // The same file can be picked again after being removed.
            event.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center peer-focus-visible:border-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 hover:border-brand-600"
        >
          <span className="font-medium text-brand-700">{t('imagesChoose')}</span>
          <span id={`${id}-hint`} className="text-xs text-slate-600">
            {t('imagesHint')}
          </span>
        </label>
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {images.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t('imagesPicked')}>
          {images.map((image, index) => (
            <li key={image.url} className="relative">
              <img src={image.url} alt={image.file.name} className="aspect-square w-full rounded-lg object-cover" />
              <button
                type="button"
                onClick={() => picked.remove(index)}
                aria-label={t('removeImage', { name: image.file.name })}
                className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
