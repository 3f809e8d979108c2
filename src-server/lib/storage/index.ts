/** The file storage the configuration names (types.ts), one per configuration. */
import type { Config } from '../../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';

export * from './types';
export { LocalStorage } from './local';
export { S3Storage } from './s3';

/** Where each kind of file lives, as keys' first segments (the same as DATA_DIR's folders). */
export const PUBLIC_UPLOADS = 'uploads/';
export const PRIVATE_FILES = 'private/';
/** The folders `storage:migrate` copies; the mail outbox, the database and the key stay local. */
export const STORED_FOLDERS = [PUBLIC_UPLOADS, PRIVATE_FILES] as const;

export function createStorage(config: Pick<Config, 'storage'>): FileStorage {
  const s = config.storage;
  return s.driver === 's3' ? new S3Storage(s) : new LocalStorage(s.root);
}

const made = new WeakMap<Config['storage'], FileStorage>();

/** The storage of this configuration, made on first use and then shared (one S3 client per server). */
export function fileStorage(config: Pick<Config, 'storage'>): FileStorage {
  let storage = made.get(config.storage);
  if (!storage) {
    storage = createStorage(config);
    made.set(config.storage, storage);
  }
  return storage;
}
