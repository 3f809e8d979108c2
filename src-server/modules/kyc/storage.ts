/**
 * Private files at rest: identity documents, and the evidence of a request to be treated as a
 * sophisticated investor (modules/protection). Each file is encrypted with the documents' key
 * (`crypto.ts`, AES-256-GCM) and written under DATA_DIR/private, never in the public uploads; only an
 * admin route reads it back.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../context';
import { decryptDocument, encryptDocument } from './crypto';

function documentsKey(ctx: AppContext): Buffer {
  const key = ctx.config.kycEncryptionKey;
  if (!key) throw new Error('KYC encryption key missing from the configuration');
  return key;
}

const privatePath = (ctx: AppContext, storagePath: string) =>
  join(ctx.config.dataDir, 'private', storagePath);

/** Encrypts and writes `bytes` as `{folder}/{id}.bin` under DATA_DIR/private; answers that storage path. */
export async function writePrivateFile(
  ctx: AppContext,
  folder: string,
  bytes: Buffer,
  id: string = randomUUID(),
): Promise<string> {
  const key = documentsKey(ctx);
  await mkdir(privatePath(ctx, folder), { recursive: true, mode: 0o700 });
  const storagePath = join(folder, `${id}.bin`);
  await writeFile(privatePath(ctx, storagePath), encryptDocument(key, bytes), { mode: 0o600 });
  return storagePath;
}

/** A private file's bytes, decrypted. */
export async function readPrivateFile(ctx: AppContext, storagePath: string): Promise<Buffer> {
  return decryptDocument(documentsKey(ctx), await readFile(privatePath(ctx, storagePath)));
}

/** Removes files written for a transaction that did not commit. */
export async function removePrivateFiles(ctx: AppContext, storagePaths: string[]): Promise<void> {
  await Promise.all(storagePaths.map((p) => rm(privatePath(ctx, p), { force: true })));
}
