/**
 * Private files at rest: identity documents, the evidence of a request to be treated as a
 * sophisticated investor (modules/protection) and balance proofs (modules/balances). Each file is
 * encrypted with the documents' key (`crypto.ts`, AES-256-GCM) on this server, before it is handed to
 * the file storage (lib/storage: DATA_DIR/private or the bucket's `private/`), never in the public
 * uploads; only an admin route reads it back.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { fileStorage, PRIVATE_FILES } from '../../lib/storage';
import { decryptDocument, encryptDocument } from './crypto';

function documentsKey(ctx: AppContext): Buffer {
  const key = ctx.config.kycEncryptionKey;
  if (!key) throw new Error('KYC encryption key missing from the configuration');
  return key;
}

/** The storage key of a private file's storage path (`kyc/{id}/{doc}.bin` as the rows name it). */
export const privateKey = (storagePath: string) => `${PRIVATE_FILES}${storagePath}`;

/** Encrypts and stores `bytes` as `{folder}/{id}.bin` among the private files; answers that storage path. */
export async function writePrivateFile(
  ctx: AppContext,
  folder: string,
  bytes: Buffer,
  id: string = randomUUID(),
): Promise<string> {
  const key = documentsKey(ctx);
  const storagePath = `${folder}/${id}.bin`;
  await fileStorage(ctx.config).put(privateKey(storagePath), encryptDocument(key, bytes), {
    private: true,
    contentType: 'application/octet-stream',
  });
  return storagePath;
}

/** A private file's bytes, decrypted. */
export async function readPrivateFile(ctx: AppContext, storagePath: string): Promise<Buffer> {
  return decryptDocument(documentsKey(ctx), await fileStorage(ctx.config).read(privateKey(storagePath)));
}

/** Removes files written for a transaction that did not commit. */
export async function removePrivateFiles(ctx: AppContext, storagePaths: string[]): Promise<void> {
  const storage = fileStorage(ctx.config);
  await Promise.all(storagePaths.map((p) => storage.delete(privateKey(p))));
}
