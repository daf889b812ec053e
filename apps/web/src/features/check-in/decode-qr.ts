/**
 * Reading a QR code from a camera frame or a photo: the browser's own `BarcodeDetector` where it
 * has one (Chrome on Android), else `jsqr` on the pixels (both loaded on first use).
 */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

let detector: BarcodeDetectorLike | null | undefined;

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  if (detector !== undefined) return detector;
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?: () => Promise<string[]> } })
    .BarcodeDetector;
  detector = null;
  if (Detector) {
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
      if (formats.includes('qr_code')) detector = new Detector({ formats: ['qr_code'] });
    } catch {
      detector = null;
    }
  }
  return detector;
}

/** The longest side the pixels are read at: enough for a ticket filling a fraction of the picture, quick on a cheap phone. */
const MAX_SIDE = 1280;

let canvas: HTMLCanvasElement | null = null;

async function readPixels(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  canvas ??= document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  const { data } = context.getImageData(0, 0, w, h);
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The text of the first QR code in the picture, or null. */
export async function decodeQr(
  source: CanvasImageSource,
  width: number,
  height: number,
  thorough: boolean,
): Promise<string | null> {
  if (width === 0 || height === 0) return null;
  const native = await nativeDetector();
  if (native) {
    try {
      const [found] = await native.detect(source);
      if (found?.rawValue) return found.rawValue;
    } catch {
      // An unreadable frame: jsqr below for a photo, the next frame for the camera.
    }
    // Video frames come many times a second: the native reader alone is enough there.
    if (!thorough) return null;
  }
  return readPixels(source, width, height);
}

/** The QR code of a photo chosen by the door (a ticket's screenshot, a picture of a phone's screen). */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQr(bitmap, bitmap.width, bitmap.height, true);
  } finally {
    bitmap.close();
  }
}
