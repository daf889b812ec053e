import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessagePhoto, MessagePreview, shownSize } from './message-photo';

const image = {
  _id: '6f1c1c3e-3d0e-4c8a-9a57-2b1f0c2d9e11',
  url: '/api/uploads/6f1c1c3e-3d0e-4c8a-9a57-2b1f0c2d9e11-message-small.webp',
  fullUrl: '/api/uploads/6f1c1c3e-3d0e-4c8a-9a57-2b1f0c2d9e11-message.webp',
  width: 1600,
  height: 1200,
};

describe('a message’s photo', () => {
  it('is shown within 256 × 320, never enlarged, keeping its proportions', () => {
    expect(shownSize(1600, 1200)).toEqual({ width: 256, height: 192 });
    expect(shownSize(1200, 1600)).toEqual({ width: 240, height: 320 });
    expect(shownSize(120, 80)).toEqual({ width: 120, height: 80 });
    expect(shownSize(4000, 10)).toEqual({ width: 256, height: 1 });
  });

  it('loads lazily, in a box of its size, and opens the whole photo only when asked', () => {
    const html = renderToStaticMarkup(<MessagePhoto image={image} alt="Photo de Awa" />);
    expect(html).toContain(`src="${image.url}"`);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('width="256" height="192"');
    expect(html).toContain('alt="Photo de Awa"');
    expect(html).toContain('aria-label="Agrandir : Photo de Awa"');
    expect(html).not.toContain(image.fullUrl);
  });

  it('draws the list’s “📷 ” as a camera, said “Photo :” before a caption', () => {
    const alone = renderToStaticMarkup(<MessagePreview text="📷 Photo" />);
    expect(alone).toContain('<svg');
    expect(alone).not.toContain('📷');
    expect(alone).not.toContain('sr-only');
    expect(alone.endsWith('Photo')).toBe(true);
    const caption = renderToStaticMarkup(<MessagePreview text="📷 Le plan" />);
    expect(caption).toContain('<span class="sr-only">Photo : </span>Le plan');
    expect(renderToStaticMarkup(<MessagePreview text="Bonjour <b>" />)).toBe('Bonjour &lt;b&gt;');
  });
});
