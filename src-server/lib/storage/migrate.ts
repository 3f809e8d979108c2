/**
 * Copies the files of one storage into another (issue 29, `npm run storage:migrate`: DATA_DIR into
 * the bucket of STORAGE_URL). Every file is checked by its SHA-256 read back from the target; a file
 * already there with the same checksum is left alone, so a second run copies nothing.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { contentTypeOf } from './serve';
import { PRIVATE_FILES, STORED_FOLDERS } from './index';
import type { FileStorage, ObjectInfo } from './types';

export interface MigrationCounts {
  /** Files found in the source. */
  found: number;
  /** Copied now (new in the target, or there with other bytes) and verified. */
  copied: number;
  /** Already in the target with the same checksum: not copied again. */
  alreadyThere: number;
  /** Copied but read back with another checksum (the run fails). */
  failed: number;
  copiedBytes: number;
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const checksumOf = async (storage: FileStorage, key: string) => sha256((await storage.get(key)).body);

export async function migrateStorage(
  source: FileStorage,
  target: FileStorage,
  options: { folders?: readonly string[]; concurrency?: number; onFile?: (line: string) => void } = {},
): Promise<MigrationCounts> {
  const counts: MigrationCounts = { found: 0, copied: 0, alreadyThere: 0, failed: 0, copiedBytes: 0 };
  const files: ObjectInfo[] = [];
  for (const folder of options.folders ?? STORED_FOLDERS)
    for await (const info of source.list(folder)) files.push(info);
  counts.found = files.length;

  const one = async (file: ObjectInfo) => {
    const wanted = await checksumOf(source, file.key);
    const there = await target.head(file.key);
    if (there && there.size === file.size && (await checksumOf(target, file.key)) === wanted) {
      counts.alreadyThere += 1;
      return;
    }
    const { body } = await source.get(file.key);
    const isPrivate = file.key.startsWith(PRIVATE_FILES);
    await target.put(file.key, body, {
      private: isPrivate,
      contentType: isPrivate ? 'application/octet-stream' : contentTypeOf(file.key),
    });
    if ((await checksumOf(target, file.key)) !== wanted) {
      counts.failed += 1;
      options.onFile?.(`checksum differs after copying ${file.key}`);
      return;
    }
    counts.copied += 1;
    counts.copiedBytes += file.size;
    options.onFile?.(`copied ${file.key} (${file.size} bytes, sha256 ${wanted.slice(0, 12)}…)`);
  };

  let next = 0;
  const worker = async () => {
    while (next < files.length) await one(files[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, files.length) }, worker));
  return counts;
}
