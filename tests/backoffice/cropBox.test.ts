import { describe, expect, it } from 'vitest';
import {
  CROP_ASPECT_RATIO,
  initialCrop,
  outputSize,
} from '../../src-backoffice/corporate/ventures/images/cropBox';

/** The box is 16:9, inside the image and centred on it. */
function expectCentred16by9(box: ReturnType<typeof initialCrop>, width: number, height: number) {
  expect(box.width / box.height).toBeCloseTo(CROP_ASPECT_RATIO, 10);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 1e-9);
  expect(box.y + box.height).toBeLessThanOrEqual(height + 1e-9);
  expect(box.x * 2 + box.width).toBeCloseTo(width, 10);
  expect(box.y * 2 + box.height).toBeCloseTo(height, 10);
}

describe('initialCrop: 16:9, 80% of the width, centred (spec 2.6 and 9)', () => {
  it('a wide photo (4000x3000): 80% of the width, 16:9', () => {
    const box = initialCrop(4000, 3000);
    expect(box).toEqual({ x: 400, y: 600, width: 3200, height: 1800 });
    expectCentred16by9(box, 4000, 3000);
  });

  it('a 16:9 image (1920x1080): 1536x864 in the middle', () => {
    expect(initialCrop(1920, 1080)).toEqual({ x: 192, y: 108, width: 1536, height: 864 });
  });

  it('a tall photo (1080x1920): still 80% of the width, centred vertically', () => {
    const box = initialCrop(1080, 1920);
    expect(box).toEqual({ x: 108, y: 717, width: 864, height: 486 });
    expectCentred16by9(box, 1080, 1920);
  });

  it('a panorama (4000x1000), where 80% of the width would be taller than the image: the full height', () => {
    const box = initialCrop(4000, 1000);
    expect(box.height).toBe(1000);
    expect(box.width).toBeCloseTo(16_000 / 9, 10);
    expect(box.width).toBeLessThan(4000 * 0.8);
    expect(box.y).toBe(0);
    expectCentred16by9(box, 4000, 1000);
  });

  it('an image just at the limit (2000x900): 80% of the width fits exactly', () => {
    expect(initialCrop(2000, 900)).toEqual({ x: 200, y: 0, width: 1600, height: 900 });
  });

  it('a small image (320x240) and a tiny one (10x10)', () => {
    expect(initialCrop(320, 240)).toEqual({ x: 32, y: 48, width: 256, height: 144 });
    const tiny = initialCrop(10, 10);
    expect(tiny.width).toBe(8);
    expect(tiny.height).toBeCloseTo(4.5, 10);
    expectCentred16by9(tiny, 10, 10);
  });

  it('an image without a size gives an empty box', () => {
    expect(initialCrop(0, 100)).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    expect(initialCrop(100, Number.NaN)).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

describe('outputSize: never larger than 1920x1080', () => {
  it('scales a large crop down, keeping 16:9', () => {
    expect(outputSize(3200, 1800)).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
  });

  it('keeps a crop that already fits', () => {
    expect(outputSize(1536, 864)).toEqual({ width: 1536, height: 864 });
    expect(outputSize(256, 144)).toEqual({ width: 256, height: 144 });
  });

  it('an empty crop gives nothing', () => {
    expect(outputSize(0, 0)).toEqual({ width: 0, height: 0 });
  });
});
