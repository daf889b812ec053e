import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrSvgPath } from './qr-svg';

describe('the ticket’s QR code as one SVG path', () => {
  it('draws every dark module of the code, inside a quiet zone of 4 modules', () => {
    const text = 'EVT1.eyJlIjoiNmYxYzJkM2UtNGI1YS00YzZkLThlN2YtOTAxMjM0NTY3ODkwIn0.c2lnbmF0dXJl';
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const { viewBox, d } = qrSvgPath(text, QRCode.create);
    expect(viewBox).toBe(modules.size + 2 * QUIET_ZONE);
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(d.match(/M/g)).toHaveLength(dark);
    // The top-left finder pattern's corner module, shifted by the quiet zone.
    expect(d.startsWith(`M${QUIET_ZONE} ${QUIET_ZONE}h1v1h-1z`)).toBe(true);
  });
});
