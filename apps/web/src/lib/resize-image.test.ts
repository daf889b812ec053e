import { describe, expect, it } from 'vitest';
import { fitWithin, resizedName } from './resize-image';

describe('fitWithin', () => {
  it('brings a 4000×3000 photo to 1600×1200 and a portrait one to 1200×1600', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small image and keeps a square square', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(5000, 5000)).toEqual({ width: 1600, height: 1600 });
  });

  it('keeps at least one pixel on a very thin panorama', () => {
    expect(fitWithin(20000, 3, 1600)).toEqual({ width: 1600, height: 1 });
  });
});

describe('resizedName', () => {
  it('names the copy .jpg', () => {
    expect(resizedName('IMG_2041.HEIC')).toBe('IMG_2041.jpg');
    expect(resizedName('photo')).toBe('photo.jpg');
  });
});
