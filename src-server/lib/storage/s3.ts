/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2) through @aws-sdk/client-s3: path-style
 * addressing when configured, multipart uploads (@aws-sdk/lib-storage) for streams and large files,
 * and streaming reads with HTTP ranges.
 */
import { Readable } from 'node:stream';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
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

export interface S3StorageOptions {
  bucket: string;
  /** Keys' common start inside the bucket ('' or ending with '/'). */
  prefix: string;
  /** An S3-compatible service's URL (MinIO, Ceph, R2); undefined: AWS S3 of `region`. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Undefined: the SDK's own chain (AWS_ACCESS_KEY_ID, a profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Buffers up to this size are one PUT; larger ones and streams go in parts of this size. */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** The AWS SDK (about 120 ms to load), loaded on first use: a server on the local disk never loads it. */
const sdk = () => Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
const isNotFound = (error: unknown) =>
  statusOf(error) === 404 ||
  ['NoSuchKey', 'NotFound'].includes((error as { name?: string } | null)?.name ?? '');

export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  private made:
    | Promise<{
        client: S3Client;
        s3: Awaited<ReturnType<typeof sdk>>[0];
        lib: Awaited<ReturnType<typeof sdk>>[1];
      }>
    | undefined;

  constructor(readonly options: S3StorageOptions) {}

  /** The client and the SDK's commands, made on first use. */
  private connect() {
    this.made ??= sdk().then(([s3, lib]) => ({
      s3,
      lib,
      client: new s3.S3Client({
        region: this.options.region,
        endpoint: this.options.endpoint,
        forcePathStyle: this.options.forcePathStyle,
        credentials: this.options.credentials,
        // Checksums only where an operation requires them: the CRC32 trailers the SDK adds by
        // default are not understood by every S3-compatible store (decision 0171).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.made;
  }

  get location() {
    return `s3://${this.options.bucket}/${this.options.prefix}`;
  }

  private objectKey(key: string) {
    return this.options.prefix + checkKey(key);
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<void> {
    const { client, s3, lib } = await this.connect();
    const params = {
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
      ContentType: options.contentType ?? 'application/octet-stream',
    };
    if (Buffer.isBuffer(body) && body.length <= MULTIPART_PART_BYTES) {
      await client.send(new s3.PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
      return;
    }
    await new lib.Upload({
      client,
      params: { ...params, Body: body },
      partSize: MULTIPART_PART_BYTES,
      queueSize: 4,
      leavePartsOnError: false,
    }).done();
  }

  private stored(key: string, answer: GetObjectCommandOutput, start: number): StoredObject {
    const size = answer.ContentLength ?? 0;
    const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
    return {
      key,
      body: answer.Body instanceof Readable ? answer.Body : Readable.from([]),
      size,
      totalSize: total ? Number(total) : start + size,
      etag: answer.ETag ?? '""',
      lastModified: answer.LastModified,
      contentType: answer.ContentType,
    };
  }

  async get(key: string): Promise<StoredObject> {
    const { client, s3 } = await this.connect();
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return this.stored(key, answer, 0);
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<StoredObject> {
    const { client, s3 } = await this.connect();
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          Range: `bytes=${start}-${end}`,
        }),
      );
      return this.stored(key, answer, start);
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      if (statusOf(error) === 416) {
        const info = await this.head(key);
        if (!info) throw new StorageNotFoundError(key);
        throw new StorageRangeError(key, info.size);
      }
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const { client, s3 } = await this.connect();
    try {
      const answer = await client.send(
        new s3.HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return {
        key,
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '""',
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const { body } = await this.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    const { client, s3 } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    const { client, s3 } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.options.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key!.slice(this.options.prefix.length);
        yield { key, size: object.Size ?? 0, etag: object.ETag ?? '""', lastModified: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    const made = this.made;
    this.made = undefined;
    if (made) (await made).client.destroy();
  }
}
