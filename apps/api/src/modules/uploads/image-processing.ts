import sharp from 'sharp';
import { EVENT_IMAGE_MAX_BYTES, MEDIUM_IMAGE_WIDTH } from '@app/shared/events';
import { AVATAR_SIDE } from '@app/shared/profile';
import { badRequest } from '../../lib/errors';
import { WorkQueue } from '../../lib/work-queue';

/** Formats accepted as input, read from the file's content (never its name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'heif']);
/**
 * Guards against decompression bombs: a file declaring more pixels than this (width × height
 * from its header) is refused before any decoding (decision 008).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Images decoded at once by this process; more wait their turn (each can take 100+ MB). */
export const IMAGE_WORKERS = 2;
export const CARD_WIDTH = 640;
export const DETAIL_WIDTH = 1600;
/** The whole image, fit inside DETAIL_WIDTH × DETAIL_WIDTH (never enlarged): a partner logo's only copy. */
export interface DetailImage {
  detail: Buffer;
  width: number;
  height: number;
}

/** An event image: the detail copy, the cropped card of the lists and the phones' medium copy. */
export interface ProcessedImage extends DetailImage {
  card: Buffer;
  /** At most MEDIUM_IMAGE_WIDTH wide (min(MEDIUM_IMAGE_WIDTH, width)), same proportions as `detail`. */
  medium: Buffer;
}

const NOT_AN_IMAGE = (name: string) => `Le fichier « ${name} » n’est pas une image valide (PNG, JPG, GIF ou WebP)`;

const TOO_BIG = (name: string) => `L’image « ${name} » est trop grande (${MAX_INPUT_PIXELS / 1_000_000} mégapixels au maximum)`;

/**
 * Reads only the header: the format (from the content, never the name) and the declared size.
 * Refuses a file that is not an accepted image or declares more than MAX_INPUT_PIXELS, without
 * decoding it.
 */
export async function inspectImage(data: Buffer, name: string): Promise<void> {
  if (data.length > EVENT_IMAGE_MAX_BYTES) {
    throw badRequest(`L’image « ${name} » dépasse 10 Mo`, { images: [`L’image « ${name} » dépasse 10 Mo`] });
  }
  let metadata: sharp.Metadata | undefined;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    metadata = undefined;
  }
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw badRequest(NOT_AN_IMAGE(name), { images: [NOT_AN_IMAGE(name)] });
  }
  const frames = metadata.pages ?? 1;
  if (metadata.width * metadata.height * Math.max(1, frames) > MAX_INPUT_PIXELS) {
    throw badRequest(TOO_BIG(name), { images: [TOO_BIG(name)] });
  }
}

/**
 * The image queue: every decoding and encoding below runs in one of its IMAGE_WORKERS slots. One
 * per process, not per app: the limit is on the process's memory and cores, which every app in it
 * (two in the multi-instance tests) shares; the uploads plugin shows it as `app.imageQueue`.
 */
export const imageQueue = new WorkQueue('images', IMAGE_WORKERS);
const inQueue = <T>(work: () => Promise<T>): Promise<T> => imageQueue.run(work);

type Source = () => sharp.Sharp;

/**
 * Re-encodes an inspected image to WebP with `work`. Sharp drops every metadata block (EXIF, GPS,
 * ICC) unless told to keep it; `rotate()` applies the EXIF orientation first so photos stay upright.
 */
async function encode<T>(data: Buffer, name: string, work: (source: Source) => Promise<T>): Promise<T> {
  try {
    return await work(() => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate());
  } catch {
    throw badRequest(NOT_AN_IMAGE(name), { images: [NOT_AN_IMAGE(name)] });
  }
}

async function encodeDetail(source: Source): Promise<DetailImage> {
  const detail = await source()
    .resize({ width: DETAIL_WIDTH, height: DETAIL_WIDTH, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { detail: detail.data, width: detail.info.width, height: detail.info.height };
}

/** An event image in three sizes (card, medium, detail). */
function encodeEventImage(data: Buffer, name: string): Promise<ProcessedImage> {
  return encode(data, name, async (source) => {
    const detail = await encodeDetail(source);
    const card = await source()
      .resize({ width: CARD_WIDTH, height: 480, fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    const medium = await source()
      .resize({ width: Math.min(MEDIUM_IMAGE_WIDTH, detail.width), withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { ...detail, card, medium };
  });
}

/**
 * A partner logo: checks it (header only), then re-encodes in the queue only the copy a logo is
 * served in, the whole image (the cropped card and the medium copy would never be served).
 */
export async function processLogo(data: Buffer, name: string): Promise<DetailImage> {
  await inspectImage(data, name);
  return inQueue(() => encode(data, name, encodeDetail));
}

/**
 * A profile photo (decision 046): checked like an event image (header only), then one square
 * AVATAR_SIDE × AVATAR_SIDE WebP cut around the centre (always square, so every screen can show
 * it round), in the queue.
 */
export async function processAvatar(data: Buffer, name: string): Promise<Buffer> {
  await inspectImage(data, name);
  return inQueue(() =>
    encode(data, name, (source) =>
      source()
        .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'centre' })
        .webp({ quality: 80 })
        .toBuffer(),
    ),
  );
}

/** The thread's copy of a message's photo: 640 px at most on its longest side (sharp at 2.5× in a 256 px bubble). */
export const MESSAGE_SMALL_SIDE = 640;

/** A message's photo (decision 065): the whole photo (`detail`) and the thread's lighter copy. */
export interface MessageImageFiles extends DetailImage {
  small: Buffer;
}

/**
 * A message's photo: checked like an event image (header only), then re-encoded in the queue as
 * the whole photo (1 600 px at most, never enlarged) and a copy for the thread (640 px at most),
 * both WebP without metadata.
 */
export async function processMessageImage(data: Buffer, name: string): Promise<MessageImageFiles> {
  await inspectImage(data, name);
  return inQueue(() =>
    encode(data, name, async (source) => {
      const detail = await encodeDetail(source);
      const small = await source()
        .resize({ width: MESSAGE_SMALL_SIDE, height: MESSAGE_SMALL_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      return { ...detail, small };
    }),
  );
}

/**
 * A batch of event images: every file's header is checked first, so one bad or oversized file refuses the
 * batch before any decoding; then each is re-encoded in the queue, one after the other.
 */
export async function processImages(files: { data: Buffer; name: string }[]): Promise<ProcessedImage[]> {
  for (const file of files) await inspectImage(file.data, file.name);
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await inQueue(() => encodeEventImage(file.data, file.name)));
  return processed;
}

/** The share previews' size (Open Graph, WhatsApp, X): 1200×630. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** An event image's 1200×630 JPEG share preview (attention crop), made in the image queue. */
export function imagePreview(detail: Buffer): Promise<Buffer> {
  return inQueue(() =>
    sharp(detail, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer(),
  );
}

/** A 1200×630 SVG drawn (librsvg, the machine's fonts) to a JPEG, in the image queue. */
export function svgPreview(svg: string): Promise<Buffer> {
  return inQueue(() =>
    sharp(Buffer.from(svg), { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'fill' })
      .flatten({ background: '#0f766e' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer(),
  );
}
