import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { parseImageVariantName, type ImageVariantWidth } from '../../src-shared/images/variants';

/** One WebP copy of a stored JPEG, no wider than it (src-shared/images/variants.ts). */
export function encodeVariant(jpeg: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  return sharp(jpeg).resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 4 }).toBuffer();
}

/** Written under a temporary name and renamed: a reader never sees half a file. */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
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
