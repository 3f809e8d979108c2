import sharp from 'sharp';
import { parseImageVariantName, type ImageVariantWidth } from '../../src-shared/images/variants';
import { StorageKeyError, StorageNotFoundError, type FileStorage } from './storage';

/** One WebP copy of a stored JPEG, no wider than it (src-shared/images/variants.ts). */
export function encodeVariant(jpeg: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  return sharp(jpeg).resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 4 }).toBuffer();
}

/**
 * A copy that was not found in the storage (a picture stored before copies existed): made from its
 * JPEG, saved for the next request, and returned; null when the name is not a copy's or there is no
 * JPEG. Only `/uploads/ventures/{id}/{name}-{width}w.webp` with a plain id and name is considered.
 */
export async function makeMissingVariant(storage: FileStorage, urlPath: string): Promise<Buffer | null> {
  const match = /^\/uploads\/ventures\/([A-Za-z0-9_-]+)\/([^/]+)$/.exec(urlPath);
  if (!match) return null;
  const parsed = parseImageVariantName(match[2]!);
  if (!parsed) return null;
  const folder = `uploads/ventures/${match[1]!}`;
  let jpeg: Buffer;
  try {
    jpeg = await storage.read(`${folder}/${parsed.source}`);
  } catch (error) {
    if (error instanceof StorageNotFoundError || error instanceof StorageKeyError) return null;
    throw error;
  }
  const bytes = await encodeVariant(jpeg, parsed.width);
  await storage.put(`${folder}/${match[2]!}`, bytes, { contentType: 'image/webp' }).catch(() => undefined);
  return bytes;
}
