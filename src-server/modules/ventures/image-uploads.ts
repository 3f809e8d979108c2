/** A venture's pictures as its company or an admin adds and removes them (their WebP copies: images.ts). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MAX_IMAGES } from '../../../src-shared/rules/venture';
import type { AppContext } from '../../context';
import { ventures } from '../../db/schema';
import { fileTypeOf, IMAGE_TYPES, MAX_IMAGE_PIXELS } from '../../lib/file-type';
import { HttpError } from '../../lib/http-error';
import { fileStorage } from '../../lib/storage';
import type { SessionContext } from '../auth/sessions';
import { ventureImagesFolder, variantNames, writeVariants } from './images';
import { loadForChange } from './writes';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Decodes (refusing images of more than 40 megapixels, e.g. decompression bombs), turns by EXIF,
 * fits into 1920x1080 and re-encodes as JPEG without any metadata. */
async function reencode(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 1920, height: 1080, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new HttpError(413, 'venture.image_too_large');
    throw new HttpError(415, 'venture.image_unreadable');
  }
}

export async function addImages(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  files: UploadedFile[],
): Promise<string[]> {
  if (files.length === 0) throw new HttpError(400, 'venture.no_image');
  for (const file of files) {
    if (!fileTypeOf(file.bytes, IMAGE_TYPES))
      throw new HttpError(415, 'venture.image_wrong_type', { params: { file: file.filename || 'The file' } });
  }
  const row = await loadForChange(ctx.db, id, auth);
  if (row.images.length + files.length > MAX_IMAGES) throw new HttpError(400, 'venture.too_many_images');
  const encoded = await Promise.all(files.map((f) => reencode(f.bytes)));

  const storage = fileStorage(ctx.config);
  const folder = ventureImagesFolder(id);
  const names = encoded.map(() => `${randomUUID()}.jpg`);
  // Each JPEG with its WebP copies (src-shared/images/variants.ts), written before the row names it.
  const written = names.flatMap((name) => [name, ...variantNames(name)]);
  try {
    await Promise.all(
      names.map(async (name, i) => {
        await storage.put(`${folder}/${name}`, encoded[i]!, { contentType: 'image/jpeg' });
        await writeVariants(storage, folder, name, encoded[i]!);
      }),
    );
  } catch (error) {
    await Promise.all(written.map((name) => storage.delete(`${folder}/${name}`)));
    throw error;
  }
  const paths = names.map((name) => `/uploads/ventures/${id}/${name}`);

  try {
    return await ctx.db.transaction(async (tx) => {
      const current = await loadForChange(tx, id, auth, true);
      if (current.images.length + paths.length > MAX_IMAGES)
        throw new HttpError(400, 'venture.too_many_images');
      const images = [...current.images, ...paths];
      await tx.update(ventures).set({ images, updatedAt: ctx.now() }).where(eq(ventures.id, id));
      return images;
    });
  } catch (error) {
    await Promise.all(written.map((name) => storage.delete(`${folder}/${name}`)));
    throw error;
  }
}

export async function deleteImage(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  imageUrl: string,
): Promise<string[]> {
  const images = await ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id, auth, true);
    // Only a path that is one of this venture's images: nothing else on disk can be named.
    if (!row.images.includes(imageUrl)) throw new HttpError(404, 'venture.no_such_image');
    const rest = row.images.filter((path) => path !== imageUrl);
    await tx.update(ventures).set({ images: rest, updatedAt: ctx.now() }).where(eq(ventures.id, id));
    return rest;
  });
  const name = imageUrl.split('/').pop()!;
  const storage = fileStorage(ctx.config);
  await Promise.all(
    [name, ...variantNames(name)].map((file) => storage.delete(`${ventureImagesFolder(id)}/${file}`)),
  );
  return images;
}
