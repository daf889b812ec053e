import { EVENT_IMAGE_MAX_BYTES } from '@app/shared/events';
import { describe, expect, it } from 'vitest';
import { checkImageFiles } from './image-files';

const texts = {
  notImage: (name: string) => `${name} n’est pas une image`,
  tooBig: (name: string) => `${name} dépasse 10 Mo`,
  tooMany: 'Trop d’images',
};

function file(name: string, type: string, size = 1000): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('checkImageFiles', () => {
  it('keeps images within the size limit and names each refused file', () => {
    const { accepted, problems } = checkImageFiles(
      [
        file('affiche.jpg', 'image/jpeg'),
        file('notes.pdf', 'application/pdf'),
        file('geante.png', 'image/png', EVENT_IMAGE_MAX_BYTES + 1),
        file('limite.webp', 'image/webp', EVENT_IMAGE_MAX_BYTES),
      ],
      10,
      texts,
    );
    expect(accepted.map((f) => f.name)).toEqual(['affiche.jpg', 'limite.webp']);
    expect(problems).toEqual(['notes.pdf n’est pas une image', 'geante.png dépasse 10 Mo']);
  });

  it('keeps only as many images as there is room for, and says so', () => {
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => file(name, 'image/jpeg'));
    expect(checkImageFiles(files, 2, texts)).toEqual({ accepted: files.slice(0, 2), problems: ['Trop d’images'] });
    expect(checkImageFiles(files, 0, texts).accepted).toEqual([]);
    expect(checkImageFiles(files, -1, texts).accepted).toEqual([]);
    expect(checkImageFiles(files, 3, texts).problems).toEqual([]);
  });
});
