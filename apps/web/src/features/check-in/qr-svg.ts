import type { QRCode } from 'qrcode';

/** The quiet zone around the code, in modules (the QR standard asks for 4). */
export const QUIET_ZONE = 4;

/**
 * One SVG path drawing a QR code's dark modules (a square of `size` modules plus the quiet zone):
 * black on white, crisp at any size, with no markup injected in the page. `create` is the
 * `qrcode` package's, loaded by the screen only when it draws. The hub's poster code
 * (`features/my-events/lib/qr-code.ts`) is the other drawer of the same package, on purpose: it
 * makes files to download (an SVG document and a 1024 px PNG), this one a path drawn in the page.
 */
export function qrSvgPath(text: string, create: (text: string, options: { errorCorrectionLevel: 'M' }) => QRCode) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { viewBox: modules.size + 2 * QUIET_ZONE, d: parts.join('') };
}
