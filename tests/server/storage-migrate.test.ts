/**
 * `npm run storage:migrate` (issue 29): every file of DATA_DIR's uploads/ and private/ copied into the
 * bucket and verified by its SHA-256; a second run copies nothing; nothing else of DATA_DIR is copied.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, S3Storage, type FileStorage } from '../../src-server/lib/storage';
import { migrateStorage } from '../../src-server/lib/storage/migrate';
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from '../support/s3rver';

let bucket: TestBucket;
let dataDir: string;
let target: FileStorage;

const files: Record<string, Buffer> = {
  'uploads/ventures/v1/a.jpg': Buffer.from('a picture'),
  'uploads/ventures/v1/a-480w.webp': Buffer.from('its copy'),
  'private/kyc/ver/doc.bin': Buffer.from('KYC1 encrypted bytes'),
  'private/proofs/p.bin': Buffer.alloc(200_000, 3),
  'private/protection/e.bin': Buffer.from('evidence'),
};

beforeAll(async () => {
  bucket = await startTestBucket();
  dataDir = mkdtempSync(join(tmpdir(), 'cf-migrate-'));
  for (const [key, bytes] of Object.entries(files)) {
    mkdirSync(join(dataDir, key, '..'), { recursive: true });
    writeFileSync(join(dataDir, key), bytes);
  }
  // What stays local: the key, the outbox, the database, the lock, a half-written temporary file.
  writeFileSync(join(dataDir, 'kyc-encryption.key'), 'ab'.repeat(32));
  mkdirSync(join(dataDir, 'outbox'));
  writeFileSync(join(dataDir, 'outbox', 'm.eml'), 'mail');
  writeFileSync(join(dataDir, 'uploads', 'ventures', 'v1', '.x.tmp'), 'half');
  target = new S3Storage({
    bucket: bucket.bucket,
    prefix: 'live/',
    endpoint: bucket.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
});
afterAll(async () => {
  await target?.close();
  await bucket?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function keysIn(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of storage.list('')) keys.push(info.key);
  return keys.sort();
}

describe('storage:migrate', () => {
  it('copies every upload and private file, verified, then copies nothing; a changed object is copied again', async () => {
    const source = new LocalStorage(dataDir);
    const first = await migrateStorage(source, target);
    expect(first).toEqual({ found: 5, copied: 5, alreadyThere: 0, failed: 0, copiedBytes: 200_045 });
    expect(await keysIn(target)).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files))
      expect((await target.read(key)).equals(bytes), key).toBe(true);

    const second = await migrateStorage(source, target);
    expect(second).toEqual({ found: 5, copied: 0, alreadyThere: 5, failed: 0, copiedBytes: 0 });

    // An object that differs from the disk (a copy cut short, say) is copied again.
    await target.put('private/protection/e.bin', Buffer.from('EVIDENCE'));
    const third = await migrateStorage(source, target);
    expect(third).toMatchObject({ copied: 1, alreadyThere: 4, failed: 0 });
    expect((await target.read('private/protection/e.bin')).toString()).toBe('evidence');
  });

  it('runs as npm run storage:migrate, says what it did, and refuses without STORAGE_URL', async () => {
    // Asynchronously: the bucket (s3rver) answers from this very process.
    const run = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          'node',
          ['--import', 'tsx', 'src-server/cli/storage-migrate.ts'],
          { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env }, encoding: 'utf8', timeout: 60_000 },
          (error, stdout, stderr) => resolve({ status: error ? (error.code as number) : 0, stdout, stderr }),
        );
      });
    const env = bucket.env('cli');
    const first = await run(env);
    expect(first.stderr).not.toMatch(/failed/i);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /5 files found: 5 copied \(0\.2 MiB\) and verified by SHA-256, 0 already in the bucket, 0 failed/,
    );
    const second = await run(env);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(
      /Nothing to copy: all 5 files are already in the bucket, each verified by its SHA-256/,
    );

    const local = await run({});
    expect(local.status).toBe(2);
    expect(local.stderr).toContain('STORAGE_URL is not set');
  });
});
