import { EVENT_IMAGES_MAX } from '@app/shared/events';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { checkImageFiles } from '../lib/image-files';
import { eventsMessages } from '../messages';

export interface PickedImage {
  file: File;
  url: string;
}

/**
 * The images picked for a new event, with their previews. Previews are object URLs: released
 * when removed, cleared, or when the component using this goes away.
 */
export function usePickedImages() {
  const t = useT(eventsMessages);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.url);
    },
    [],
  );

  const pick = (files: FileList | null) => {
    if (!files) return;
    const { accepted, problems } = checkImageFiles(Array.from(files), EVENT_IMAGES_MAX - images.length, {
      notImage: (name) => t('imagesNotImage', { name }),
      tooBig: (name) => t('imagesTooBig', { name }),
      tooMany: t('imagesTooMany'),
    });
    setImages([...images, ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    setError(problems.length ? problems.join(' · ') : null);
  };

  const remove = (index: number) => {
    const image = images[index];
    if (image) URL.revokeObjectURL(image.url);
    setImages(images.filter((_, i) => i !== index));
  };

  const clear = () => {
    for (const image of images) URL.revokeObjectURL(image.url);
    setImages([]);
    setError(null);
  };

  return { images, error, pick, remove, clear };
}
