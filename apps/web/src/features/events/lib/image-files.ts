import { EVENT_IMAGE_MAX_BYTES } from '@app/shared/events';

export interface ImageProblemTexts {
  notImage: (name: string) => string;
  tooBig: (name: string) => string;
  tooMany: string;
}

/** Keeps image files of at most 10 MB, within `room`; the server checks the content again. */
export function checkImageFiles(files: File[], room: number, texts: ImageProblemTexts) {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) problems.push(texts.notImage(file.name));
    else if (file.size > EVENT_IMAGE_MAX_BYTES) problems.push(texts.tooBig(file.name));
    else accepted.push(file);
  }
  if (accepted.length > Math.max(0, room)) {
    problems.push(texts.tooMany);
    accepted.splice(Math.max(0, room));
  }
  return { accepted, problems };
}
