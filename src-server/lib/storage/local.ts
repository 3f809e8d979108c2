/** Files on the local disk under one folder (DATA_DIR): the default driver, the layout of before. */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  checkPrefix,
  StorageNotFoundError,
  StorageRangeError,
  type FileStorage,
  type ObjectInfo,
  type PutOptions,
  type StoredObject,
} from './types';

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** A weak validator from size and modification time (as @fastify/static made for these files). */
const etagOf = (stats: Stats) => `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

export class LocalStorage implements FileStorage {
  readonly driver = 'local' as const;

  constructor(readonly root: string) {}

  get location() {
    return this.root;
  }

  private path(key: string) {
    return join(this.root, ...checkKey(key).split('/'));
  }

  private async fileStats(key: string): Promise<Stats> {
    try {
      const stats = await stat(this.path(key));
      if (stats.isFile()) return stats;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    throw new StorageNotFoundError(key);
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<void> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true, ...(options.private && { mode: 0o700 }) });
    // A hidden temporary name (never a valid key) renamed into place.
    const temp = join(dirname(file), `.${randomUUID()}.tmp`);
    const mode = options.private ? 0o600 : 0o644;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body, { mode });
      else await pipeline(body, createWriteStream(temp, { mode }));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject> {
    const stats = await this.fileStats(key);
    return this.open(key, stats, 0, stats.size - 1);
  }

  async getRange(key: string, start: number, end: number): Promise<StoredObject> {
    const stats = await this.fileStats(key);
    if (start >= stats.size) throw new StorageRangeError(key, stats.size);
    return this.open(key, stats, start, Math.min(end, stats.size - 1));
  }

  private open(key: string, stats: Stats, start: number, end: number): StoredObject {
    const size = Math.max(0, end - start + 1);
    const body = size === 0 ? Readable.from([]) : createReadStream(this.path(key), { start, end });
    return {
      key,
      body,
      size,
      totalSize: stats.size,
      etag: etagOf(stats),
      lastModified: stats.mtime,
      contentType: undefined,
    };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const stats = await this.fileStats(key);
      return { key, size: stats.size, etag: etagOf(stats), lastModified: stats.mtime };
    } catch (error) {
      if (error instanceof StorageNotFoundError) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    await this.fileStats(key);
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    const start = prefix === '' ? this.root : join(this.root, ...prefix.slice(0, -1).split('/'));
    let entries;
    try {
      entries = await readdir(start, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const relative = join(entry.parentPath, entry.name).slice(this.root.length + 1);
      const key = relative.split(sep).join('/');
      // Hidden and temporary files are no one's: only what a valid key names is listed.
      if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
      const info = await this.head(key);
      if (info) yield info;
    }
  }

  async close(): Promise<void> {}
}
