/** The longest side of an image sent from a phone: the server's detail copy is no larger. */
export const UPLOAD_MAX_SIDE = 1600;
/** JPEG quality of a resized photo: a 12-megapixel photo of 6 MB comes out at about 300 KB. */
export const UPLOAD_QUALITY = 0.8;

/** The size of an image of `width`×`height` fitted within `max`×`max` (never enlarged, whole pixels). */
export function fitWithin(width: number, height: number, max: number = UPLOAD_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max || longest <= 0) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name of the resized copy: the same name with `.jpg`. */
export function resizedName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'image';
  return `${base}.jpg`;
}

/**
 * A photo made light before it is sent: decoded by the browser (turned upright), drawn at most
 * UPLOAD_MAX_SIDE on its longest side, and encoded as JPEG. A file the browser cannot decode, or a
 * copy that would be heavier, is sent as it is (the server checks and re-encodes it anyway).
 */
export async function resizeImage(file: File, max: number = UPLOAD_MAX_SIDE, quality: number = UPLOAD_QUALITY): Promise<File> {
  if (typeof createImageBitmap !== 'function' || file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], resizedName(file.name), { type: 'image/jpeg' });
}
