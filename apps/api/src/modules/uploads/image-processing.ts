import sharp from 'sharp';
import { EVENT_IMAGE_MAX_BYTES } from '@app/shared/events';
import { badRequest } from '../../lib/errors';

/** Formats accepted as input, read from the file's content (never its name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'heif']);
/** Guards against decompression bombs: about 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;
export const CARD_WIDTH = 640;
export const DETAIL_WIDTH = 1600;

export interface ProcessedImage {
  card: Buffer;
  detail: Buffer;
  width: number;
  height: number;
}

const NOT_AN_IMAGE = (name: string) => `Le fichier « ${name} » n’est pas une image valide (PNG, JPG, GIF ou WebP)`;

/**
 * Checks that the bytes are an image and re-encodes them to WebP in two sizes. Sharp drops every
 * metadata block (EXIF, GPS, ICC) unless told to keep it; `rotate()` applies the EXIF orientation
 * first so photos stay upright.
 */
export async function processImage(data: Buffer, name: string): Promise<ProcessedImage> {
  if (data.length > EVENT_IMAGE_MAX_BYTES) {
    throw badRequest(`L’image « ${name} » dépasse 10 Mo`, { images: [`L’image « ${name} » dépasse 10 Mo`] });
  }
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw badRequest(NOT_AN_IMAGE(name), { images: [NOT_AN_IMAGE(name)] });
  }
  try {
    const source = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const detail = await source()
      .resize({ width: DETAIL_WIDTH, height: DETAIL_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const card = await source()
      .resize({ width: CARD_WIDTH, height: 480, fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { card, detail: detail.data, width: detail.info.width, height: detail.info.height };
  } catch {
    throw badRequest(NOT_AN_IMAGE(name), { images: [NOT_AN_IMAGE(name)] });
  }
}
