/**
 * The file storage's drivers (issue 29, "Tests": one suite run against both): the local disk under a
 * folder, and an S3-compatible bucket (s3rver, started here on a free port in a temporary folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalStorage,
  S3Storage,
  StorageKeyError,
  StorageNotFoundError,
  StorageRangeError,
  type FileStorage,
} from '../../src-server/lib/storage';
import { MULTIPART_PART_BYTES } from '../../src-server/lib/storage/s3';
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from '../support/s3rver';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function keysOf(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of storage.list(prefix)) keys.push(info.key);
  return keys.sort();
}

let bucket: TestBucket;
let folder: string;
beforeAll(async () => {
  bucket = await startTestBucket();
  folder = mkdtempSync(join(tmpdir(), 'cf-storage-'));
});
afterAll(async () => {
  await bucket?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const drivers: [string, () => FileStorage][] = [
  ['local', () => new LocalStorage(folder)],
  [
    's3',
    () =>
      new S3Storage({
        bucket: bucket.bucket,
        prefix: 'suite/',
        endpoint: bucket.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      }),
  ],
];

describe.each(drivers)('the %s driver', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage.close());

  it('stores a file and reads it back whole, with its size and an ETag', async () => {
    await storage.put('uploads/ventures/v1/a.txt', Buffer.from('hello, storage'), {
      contentType: 'text/plain',
    });
    const object = await storage.get('uploads/ventures/v1/a.txt');
    expect(object.size).toBe(14);
    expect(object.totalSize).toBe(14);
    expect(object.etag).toMatch(/^"[^"]+"$/);
    expect(await text(object.body)).toBe('hello, storage');
    expect((await storage.read('uploads/ventures/v1/a.txt')).toString()).toBe('hello, storage');
    const head = await storage.head('uploads/ventures/v1/a.txt');
    expect(head).toMatchObject({ key: 'uploads/ventures/v1/a.txt', size: 14, etag: object.etag });
  });

  it('replaces a file whole, with a new ETag', async () => {
    await storage.put('uploads/replaced.txt', Buffer.from('first'));
    const before = (await storage.head('uploads/replaced.txt'))!.etag;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await storage.put('uploads/replaced.txt', Buffer.from('second, longer'));
    expect((await storage.read('uploads/replaced.txt')).toString()).toBe('second, longer');
    expect((await storage.head('uploads/replaced.txt'))!.etag).not.toBe(before);
  });

  it('reads a range: the bytes asked for, clipped to the end, and refuses one past it', async () => {
    await storage.put('uploads/range.txt', Buffer.from('0123456789'));
    const middle = await storage.getRange('uploads/range.txt', 2, 5);
    expect(middle.size).toBe(4);
    expect(middle.totalSize).toBe(10);
    expect(await text(middle.body)).toBe('2345');
    const tail = await storage.getRange('uploads/range.txt', 7, 100);
    expect(tail.size).toBe(3);
    expect(await text(tail.body)).toBe('789');
    await expect(storage.getRange('uploads/range.txt', 10, 20)).rejects.toBeInstanceOf(StorageRangeError);
  });

  it('stores a stream, in parts when it is larger than one part (multipart upload)', async () => {
    const part = Buffer.alloc(64 * 1024, 7);
    const count = Math.ceil((MULTIPART_PART_BYTES * 1.5) / part.length);
    await storage.put('private/large.bin', Readable.from(Array.from({ length: count }, () => part)), {
      private: true,
    });
    const head = await storage.head('private/large.bin');
    expect(head!.size).toBe(count * part.length);
    const last = await storage.getRange('private/large.bin', head!.size - 3, head!.size - 1);
    expect([...Buffer.from(await text(last.body), 'utf8')]).toEqual([7, 7, 7]);
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    await storage.put('uploads/gone.txt', Buffer.from('x'));
    await storage.delete('uploads/gone.txt');
    expect(await storage.head('uploads/gone.txt')).toBeNull();
    await storage.delete('uploads/gone.txt');
  });

  it('answers a missing key with a clear not-found (get, range, read) and head with null', async () => {
    for (const read of [
      () => storage.get('uploads/none/missing.jpg'),
      () => storage.getRange('uploads/none/missing.jpg', 0, 10),
      () => storage.read('uploads/none/missing.jpg'),
    ]) {
      const error = await read().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageNotFoundError);
      expect((error as Error).message).toBe("No stored file at 'uploads/none/missing.jpg'");
    }
    expect(await storage.head('uploads/none/missing.jpg')).toBeNull();
    // A folder is not a file.
    await expect(storage.get('uploads/ventures')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('refuses a wrong key before touching anything: traversal, absolute, empty, hidden', async () => {
    const wrong = [
      '',
      '../x',
      'uploads/../private/x.bin',
      'uploads/./a.txt',
      '/etc/passwd',
      'uploads//a.txt',
      'uploads/a.txt/',
      'uploads\\..\\private',
      'uploads/.hidden',
      'uploads/a\u0000.txt',
      'x'.repeat(1025),
    ];
    for (const key of wrong) {
      for (const call of [
        () => storage.put(key, Buffer.from('no')),
        () => storage.get(key),
        () => storage.getRange(key, 0, 1),
        () => storage.head(key),
        () => storage.read(key),
        () => storage.delete(key),
      ]) {
        await expect(call(), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      }
    }
    await expect(keysOf(storage, '../')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('lists every file under a prefix, and nothing of another', async () => {
    await storage.put('uploads/list/a/1.jpg', Buffer.from('1'));
    await storage.put('uploads/list/b/2.jpg', Buffer.from('22'));
    await storage.put('uploads/listed-not.jpg', Buffer.from('3'));
    expect(await keysOf(storage, 'uploads/list/')).toEqual(['uploads/list/a/1.jpg', 'uploads/list/b/2.jpg']);
    expect(await keysOf(storage, 'uploads/nothing-here/')).toEqual([]);
  });
});

describe('the local driver on disk', () => {
  it('keeps the layout of DATA_DIR (a key is a path under the folder) and private files owner-only', async () => {
    const { statSync, readFileSync } = await import('node:fs');
    const storage = new LocalStorage(folder);
    await storage.put('private/kyc/v/d.bin', Buffer.from('secret'), { private: true });
    const file = join(folder, 'private', 'kyc', 'v', 'd.bin');
    expect(readFileSync(file, 'utf8')).toBe('secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
