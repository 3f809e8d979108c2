/**
 * An S3-compatible bucket for tests (issue 29): the `s3rver` package on a free port of 127.0.0.1,
 * with its files in a temporary folder removed by `stop()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;

const require = createRequire(import.meta.url);

export interface TestBucket {
  /** The environment that points the app at this bucket (STORAGE_URL and S3_*), under `prefix`. */
  env(prefix?: string): Record<string, string>;
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps the objects in. */
  directory: string;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestBucket(bucket = 'platform-files'): Promise<TestBucket> {
  const S3rver = require('s3rver') as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), 'cf-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
