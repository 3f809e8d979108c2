/**
 * The venture image crop (spec 2.6, 5 and 9): 16:9, the first crop 80% of the image's width and
 * centred, the result at most 1920x1080 (what the server keeps). Pure arithmetic, in the image's own
 * pixels (cropper's `setData` units), so it is tested without a browser.
 */

/** Spec 9: the crop's aspect ratio. */
export const CROP_ASPECT_RATIO = 16 / 9;
/** Spec 2.6: the first crop covers this share of the image's width. */
export const INITIAL_CROP_WIDTH_SHARE = 0.8;
/** The largest picture sent (the server fits every image into 1920x1080 too). */
export const MAX_OUTPUT_WIDTH = 1920;
export const MAX_OUTPUT_HEIGHT = 1080;

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The first crop of an image of `imageWidth` x `imageHeight` pixels: 16:9, 80% of the width and
 * centred; when that would be taller than the image (a panorama), the full height and the width
 * that goes with it, still centred. An image without a size gives an empty box.
 */
export function initialCrop(imageWidth: number, imageHeight: number): CropBox {
  if (!(imageWidth > 0) || !(imageHeight > 0) || !Number.isFinite(imageWidth + imageHeight)) {
    return { x: 0, y: 0, width: 0, height: 0 };
  }
  let width = imageWidth * INITIAL_CROP_WIDTH_SHARE;
  let height = width / CROP_ASPECT_RATIO;
  if (height > imageHeight) {
    height = imageHeight;
    width = height * CROP_ASPECT_RATIO;
  }
  return { x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height };
}

/** The size of the picture sent for a crop of `width` x `height`: never larger than 1920x1080. */
export function outputSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, MAX_OUTPUT_WIDTH / width, MAX_OUTPUT_HEIGHT / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
