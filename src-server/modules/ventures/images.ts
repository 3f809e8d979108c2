import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '../../../src-shared/images/variants';
import { encodeVariant } from '../../lib/image-variants';
import type { FileStorage } from '../../lib/storage';

/** The WebP copies of a JPEG, in the order of IMAGE_VARIANT_WIDTHS. */
export function encodeVariants(jpeg: Buffer): Promise<Buffer[]> {
  return Promise.all(IMAGE_VARIANT_WIDTHS.map((width) => encodeVariant(jpeg, width)));
}

/** A venture's pictures' folder in the file storage (`/uploads/ventures/{id}/…` as a URL). */
export const ventureImagesFolder = (ventureId: string) => `uploads/ventures/${ventureId}`;

/** The storage key of an image's URL path (`/uploads/ventures/{id}/{name}`). */
export const imageKey = (urlPath: string) => urlPath.replace(/^\/+/, '');

/** Stores the WebP copies of `folder/name` beside it: `variants` from encodeVariants, or made from `jpeg`. */
export async function writeVariants(
  storage: FileStorage,
  folder: string,
  name: string,
  jpeg: Buffer,
  variants?: readonly Buffer[],
): Promise<void> {
  const bytes = variants ?? (await encodeVariants(jpeg));
  await Promise.all(
    variantNames(name).map((file, i) =>
      storage.put(`${folder}/${file}`, bytes[i]!, { contentType: 'image/webp' }),
    ),
  );
}

/** The file names a stored JPEG's copies have (for deleting them with it). */
export function variantNames(name: string): string[] {
  return IMAGE_VARIANT_WIDTHS.map((width) => imageVariantPath(`/${name}`, width).slice(1));
}
