import { join } from 'node:path';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '../../../src-shared/images/variants';
import { encodeVariant, writeAtomically } from '../../lib/image-variants';

/** The WebP copies of a JPEG, in the order of IMAGE_VARIANT_WIDTHS. */
export function encodeVariants(jpeg: Buffer): Promise<Buffer[]> {
  return Promise.all(IMAGE_VARIANT_WIDTHS.map((width) => encodeVariant(jpeg, width)));
}

/** Writes the WebP copies of `dir/name` beside it: `variants` from encodeVariants, or made from `jpeg`. */
export async function writeVariants(
  dir: string,
  name: string,
  jpeg: Buffer,
  variants?: readonly Buffer[],
): Promise<void> {
  const bytes = variants ?? (await encodeVariants(jpeg));
  await Promise.all(variantNames(name).map((file, i) => writeAtomically(join(dir, file), bytes[i]!)));
}

/** The file names a stored JPEG's copies have (for deleting them with it). */
export function variantNames(name: string): string[] {
  return IMAGE_VARIANT_WIDTHS.map((width) => imageVariantPath(`/${name}`, width).slice(1));
}
