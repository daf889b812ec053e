import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { drawQrCode, svgDataUrl } from './qr-code';

/** The RGBA pixels of an 8-bit PNG (colour types 2, RGB, and 6, RGBA, not interlaced): what `qrcode` writes. */
function decodePng(bytes: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[12]]).toEqual([8, 0]);
      channels = body[9] === 6 ? 4 : body[9] === 2 ? 3 : 0;
      expect(channels).toBeGreaterThan(0);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter ?? 0] ?? 0;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < width * height; index++) {
    for (let channel = 0; channel < 3; channel++) rgba[index * 4 + channel] = pixels[index * channels + channel] ?? 0;
    rgba[index * 4 + 3] = channels === 4 ? (pixels[index * channels + 3] ?? 255) : 255;
  }
  return { width, height, rgba };
}

describe('the poster’s QR code', () => {
  const address = 'https://evenements.example.cm/evenements/mariage-de-brenda-a1b2c3d4?t=Tok_en-42-abcdefghijklmnopqrstuv';

  // Here `qrcode` runs its Node renderer (the browser draws on a canvas: exactly 1024 px, checked by
  // e2e/tests/account/event-hub.spec.ts); both encode the same modules with the same options.
  it('is a PNG of about 1024 px that a phone reads back as the very address', async () => {
    const { png } = await drawQrCode(address);
    expect(png.startsWith('data:image/png;base64,')).toBe(true);
    const { width, height, rgba } = decodePng(Buffer.from(png.slice('data:image/png;base64,'.length), 'base64'));
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(1000);
    expect(jsQR(rgba, width, height)?.data).toBe(address);
  });

  it('is also an SVG document, black on white with its quiet zone, usable as an image address', async () => {
    const { svg } = await drawQrCode(address);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(svgDataUrl(svg)).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  });
});
