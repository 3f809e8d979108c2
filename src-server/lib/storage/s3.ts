/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2) through @aws-sdk/client-s3: path-style
 * addressing when configured, multipart uploads (@aws-sdk/lib-storage) for streams and large files,
 * and streaming reads with HTTP ranges.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
const isNotFound = (error: unknown) =>
  statusOf(error) === 404 ||
  ['NoSuchKey', 'NotFound'].includes((error as { name?: string } | null)?.name ?? '');

export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  readonly client: S3Client;

  constructor(readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where an operation requires them: the CRC32 trailers the SDK adds by
      // default are not understood by every S3-compatible store (decision 0171).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get location() {
    return `s3://${this.options.bucket}/${this.options.prefix}`;
  }

  private objectKey(key: string) {
    return this.options.prefix + checkKey(key);
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<void> {
    const params = {
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
      ContentType: options.contentType ?? 'application/octet-stream',
    };
    if (Buffer.isBuffer(body) && body.length <= MULTIPART_PART_BYTES) {
      await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
      return;
    }
    await new Upload({
      client: this.client,
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
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return this.stored(key, answer, 0);
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<StoredObject> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
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
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
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
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
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
    this.client.destroy();
  }
}
