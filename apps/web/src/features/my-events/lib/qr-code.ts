/** The poster's QR code of an address: an SVG document and a 1024 px PNG (as a data: address). */
export interface QrImages {
  svg: string;
  png: string;
}

/**
 * Draws the QR code of `address` with the `qrcode` package, loaded by a lazy `import()` so it is a
 * chunk of its own, fetched when the hub shows its share block, never with the first screen.
 * Error correction M (15 %) and a quiet zone of 4 modules: what printed posters need to scan.
 * The ticket's code (`features/check-in/qr-svg.ts`) is drawn as a path in the page instead: two
 * outputs of one package, both in the browser (the API draws no QR code).
 */
export async function drawQrCode(address: string): Promise<QrImages> {
  const module = await import('qrcode');
  const QRCode = module.default ?? module;
  const options = { errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } } as const;
  const [svg, png] = await Promise.all([
    QRCode.toString(address, { ...options, type: 'svg' }),
    QRCode.toDataURL(address, { ...options, type: 'image/png', width: 1024 }),
  ]);
  return { svg, png };
}

/** An SVG document as a data: address (an <img> source and a download). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
