import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  IMAGE_VARIANT_WIDTHS,
  imageVariantPath,
  parseImageVariantName,
  type ImageVariantWidth,
} from '../../../src-shared/images/variants';

/** One WebP copy of a stored JPEG, no wider than it (src-shared/images/variants.ts). */
export function encodeVariant(jpeg: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  return sharp(jpeg).resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 4 }).toBuffer();
}

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

/** Written under a temporary name and renamed: a reader never sees half a file. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * A copy that was not found on disk (a picture stored before copies existed): made from its JPEG,
 * saved for the next request, and returned; null when the name is not a copy's or there is no JPEG.
 * Only `/uploads/ventures/{id}/{name}-{width}w.webp` with a plain id and name is considered.
 */
export async function makeMissingVariant(uploadsDir: string, urlPath: string): Promise<Buffer | null> {
  const match = /^\/uploads\/ventures\/([A-Za-z0-9_-]+)\/([^/]+)$/.exec(urlPath);
  if (!match) return null;
  const parsed = parseImageVariantName(match[2]!);
  if (!parsed) return null;
  const dir = join(uploadsDir, 'ventures', match[1]!);
  let jpeg: Buffer;
  try {
    jpeg = await readFile(join(dir, parsed.source));
  } catch {
    return null;
  }
  const bytes = await encodeVariant(jpeg, parsed.width);
  await writeAtomically(join(dir, match[2]!), bytes).catch(() => undefined);
  return bytes;
}
