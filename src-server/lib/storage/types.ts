/**
 * Where the platform's files live (issue 29; API contract, "Operations"): venture images, balance
 * proofs, identity documents and the evidence of sophisticated investors. One interface, two
 * drivers: the local disk under DATA_DIR (the default, the layout of before) and an S3-compatible
 * bucket (AWS S3, MinIO, Ceph, R2). Keys are relative paths with `/` (`uploads/ventures/{id}/a.jpg`,
 * `private/kyc/{id}/{doc}.bin`), the same in both drivers, so `storage:migrate` copies them as they are.
 */
import type { Readable } from 'node:stream';

/** What `head` and `list` answer about one stored file. */
export interface ObjectInfo {
  key: string;
  size: number;
  /** Quoted, as in an HTTP ETag header; it changes whenever the bytes change. */
  etag: string;
  lastModified: Date | undefined;
}

/** A stored file being read: `body` streams `size` bytes (a range's when read with getRange). */
export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** The whole file's size (equal to `size` unless a range was read). */
  totalSize: number;
  contentType: string | undefined;
}

export interface PutOptions {
  contentType?: string;
  /** Private files (identity documents, proofs): owner-only permissions on disk. */
  private?: boolean;
}

export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Where the files are, for logs and the migration (`/srv/data`, `s3://bucket/prefix`); no secrets. */
  readonly location: string;
  /** Writes a file whole: a reader sees the old file or the new one, never half of it. */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void>;
  /** Throws StorageNotFoundError when there is no such file. */
  get(key: string): Promise<StoredObject>;
  /** Bytes start..end (both included; end is clipped to the file). Throws StorageNotFoundError,
   * or StorageRangeError when start is past the end. */
  getRange(key: string, start: number, end: number): Promise<StoredObject>;
  /** A file's size and ETag, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Reads a whole file into memory (private files, a JPEG to make a copy from). */
  read(key: string): Promise<Buffer>;
  /** Removes a file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder: `uploads/`), in no promised order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file at '${key}'`);
    this.name = 'StorageNotFoundError';
  }
}

export class StorageKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Refused storage key '${key.slice(0, 200)}': ${reason}`);
    this.name = 'StorageKeyError';
  }
}

export class StorageRangeError extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`The range asked of '${key}' starts past its end (${size} bytes)`);
    this.name = 'StorageRangeError';
  }
}

const MAX_KEY_LENGTH = 1024;

/**
 * Throws StorageKeyError unless `key` is a plain relative path: not empty, no leading `/`, no `\`,
 * no control characters, no empty segment, and no segment that is `.` or `..` or starts with a dot
 * (temporary and hidden files). Every driver checks each key it is given, so no key (from a URL or a
 * database row) can name a file outside the store or a hidden one inside it.
 */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new StorageKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new StorageKeyError(key, 'too long');
  if (key.startsWith('/')) throw new StorageKeyError(key, 'absolute');
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key)) throw new StorageKeyError(key, 'backslash or control character');
  for (const segment of key.split('/')) {
    if (segment === '') throw new StorageKeyError(key, 'empty segment');
    if (segment.startsWith('.')) throw new StorageKeyError(key, `segment '${segment}'`);
  }
  return key;
}

/** A prefix for `list`: empty, or keys' leading segments ending with `/`. */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  if (!prefix.endsWith('/')) throw new StorageKeyError(prefix, 'a prefix ends with /');
  checkKey(prefix.slice(0, -1));
  return prefix;
}
