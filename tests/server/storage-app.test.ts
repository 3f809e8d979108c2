/**
 * The app with its files in an S3-compatible bucket (issue 29; API contract, "Operations"):
 * STORAGE_URL=s3://… with s3rver started here. A venture image uploaded through the API is stored
 * in the bucket and served at the same relative path (ETag, 304, 206 ranges); identity documents and
 * balance proofs are in the bucket encrypted (the object's bytes are not the plain file) and admins
 * read them back decrypted. Nothing is written under DATA_DIR.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantPath } from '../../src-shared/images/variants';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { kycDocuments, kycVerifications } from '../../src-server/db/schema';
import { fileStorage, type FileStorage } from '../../src-server/lib/storage';
import { decryptDocument } from '../../src-server/modules/kyc/crypto';
import { testContext, TEST_KYC_KEY, type SignedIn, type TestContext } from './context';
import { multipart } from './multipart';
import { startTestBucket, type TestBucket } from '../support/s3rver';

const KEY = Buffer.from(TEST_KYC_KEY, 'hex');
const DAY = 86_400_000;

let t: TestContext;
let bucket: TestBucket;
let app: FastifyInstance;
let storage: FileStorage;
let owner: SignedIn;
let admin: SignedIn;

/** A request to the S3 app, as someone signed in (their cookie) or as a visitor. */
const as = (who: SignedIn | null, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who && { cookie: who.cookie }) } });

beforeAll(async () => {
  t = await testContext();
  bucket = await startTestBucket();
  const config = {
    ...t.ctx.config,
    storage: loadConfig({ ...bucket.env('platform'), DATA_DIR: t.dataDir }).storage,
  };
  storage = fileStorage(config);
  expect(storage.driver).toBe('s3');
  app = await buildApp({ ...t.ctx, config }, { logger: false, webDir: join(t.dataDir, 'no-web-build') });
  owner = await t.injectAs('corporate');
  admin = await t.injectAs('admin');
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
  await bucket?.stop();
});

describe('venture images in the bucket', () => {
  let path: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    const created = await as(owner, {
      method: 'POST',
      url: '/api/ventures',
      payload: {
        title: 'Bucket Bakery',
        shortDescription: 'Bread from the bucket.',
        longDescription: 'A long description.',
        collateralDescription: 'Ovens.',
        country: 'ke',
        ventureType: 'business',
        targetAmount: 50000,
        expectedReturn: 10,
        investmentPeriod: 12,
        closingDate: new Date(Date.now() + 30 * DAY).toISOString(),
        minInvestmentAmount: 50,
        maxInvestmentAmount: 5000,
        collateralValue: 70000,
        loanToValue: 71.43,
        tags: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipart([{ filename: 'a.jpg', content: picture }]);
    const uploaded = await as(owner, {
      method: 'PATCH',
      url: `/api/ventures/id/${id}/upload-image`,
      payload,
      headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    path = (uploaded.json().images as string[])[0]!;
    expect(path).toMatch(new RegExp(`^/uploads/ventures/${id}/[0-9a-f-]{36}\\.jpg$`));
    jpeg = await storage.read(path!.slice(1));
  });

  it('stores the picture and its copies in the bucket, under the prefix, not in DATA_DIR', async () => {
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    expect(await storage.head(imageVariantPath(path, 480).slice(1))).not.toBeNull();
    expect(existsSync(join(t.dataDir, 'uploads', 'ventures'))).toBe(false);
    const objects = await (await import('node:fs/promises')).readdir(bucket.directory, { recursive: true });
    expect(objects.some((name) => name.startsWith(join(bucket.bucket, 'platform', 'uploads')))).toBe(true);
  });

  it('serves it at the same path with an ETag, caching for a year, and 304 on If-None-Match', async () => {
    const res = await as(null, { method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(jpeg.length);
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const again = await as(null, { method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);
    const changed = await as(null, { method: 'GET', url: path, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);

    const head = await as(null, { method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(jpeg.length);
  });

  it('answers a byte range with 206 and one past the end with 416', async () => {
    const first = await as(null, { method: 'GET', url: path, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${jpeg.length}`);
    expect(first.rawPayload.equals(jpeg.subarray(0, 100))).toBe(true);
    const last = await as(null, { method: 'GET', url: path, headers: { range: 'bytes=-10' } });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(`bytes ${jpeg.length - 10}-${jpeg.length - 1}/${jpeg.length}`);
    expect(last.rawPayload.equals(jpeg.subarray(jpeg.length - 10))).toBe(true);
    const open = await as(null, {
      method: 'GET',
      url: path,
      headers: { range: `bytes=${jpeg.length - 5}-` },
    });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload).toHaveLength(5);
    const past = await as(null, { method: 'GET', url: path, headers: { range: `bytes=${jpeg.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${jpeg.length}`);
    // A range of another version of the file (If-Range) is answered with the whole file.
    const stale = await as(null, {
      method: 'GET',
      url: path,
      headers: { range: 'bytes=0-9', 'if-range': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toHaveLength(jpeg.length);
  });

  it('makes a WebP copy missing from the bucket on its first request, and keeps it', async () => {
    const copy = imageVariantPath(path, 960);
    await storage.delete(copy.slice(1));
    const res = await as(null, { method: 'GET', url: copy });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await storage.head(copy.slice(1))).not.toBeNull();
  });

  it('is served by a second app on the same database and bucket (another instance)', async () => {
    const config = {
      ...t.ctx.config,
      storage: loadConfig({ ...bucket.env('platform'), DATA_DIR: t.dataDir }).storage,
    };
    const other = await buildApp(
      { ...t.ctx, config },
      { logger: false, webDir: join(t.dataDir, 'no-web-build') },
    );
    try {
      expect(fileStorage(config)).not.toBe(storage);
      const res = await other.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(jpeg)).toBe(true);
    } finally {
      await other.close();
      await fileStorage(config).close();
    }
  });

  it('answers 404 for missing files and paths that leave the uploads, never a private file', async () => {
    await storage.put('private/canary.bin', Buffer.from('canary'));
    for (const url of [
      path.replace(/[^/]+\.jpg$/, 'missing.jpg'),
      '/uploads/../private/canary.bin',
      '/uploads/%2e%2e/private/canary.bin',
      '/uploads/..%2fprivate%2fcanary.bin',
      '/uploads//private/canary.bin',
      '/uploads/.hidden',
    ]) {
      const res = await as(null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('canary');
    }
  });

  it('removes the picture and its copies from the bucket when it is deleted', async () => {
    const id = path.split('/')[3]!;
    const res = await as(owner, {
      method: 'PATCH',
      url: `/api/ventures/${id}/delete-image`,
      payload: { imageUrl: path },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storage.head(path.slice(1))).toBeNull();
    for (const width of [480, 960, 1440] as const)
      expect(await storage.head(imageVariantPath(path, width).slice(1))).toBeNull();
    expect((await as(null, { method: 'GET', url: path })).statusCode).toBe(404);
  });
});

describe('public images from a CDN (S3_PUBLIC_BASE_URL)', () => {
  let cdnApp: FastifyInstance;
  let cdnStorage: FileStorage;
  beforeAll(async () => {
    const config = {
      ...t.ctx.config,
      storage: loadConfig({
        ...bucket.env('platform'),
        S3_PUBLIC_BASE_URL: 'https://cdn.example.test/files/',
        DATA_DIR: t.dataDir,
      }).storage,
    };
    cdnStorage = fileStorage(config);
    cdnApp = await buildApp({ ...t.ctx, config }, { logger: false, webDir: join(t.dataDir, 'no-web-build') });
  });
  afterAll(async () => {
    await cdnApp?.close();
    await cdnStorage?.close();
  });

  it('redirects /uploads/… there for good, allows that origin in the CSP, and makes a missing copy first', async () => {
    const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#48c' } })
      .jpeg()
      .toBuffer();
    await storage.put('uploads/ventures/cdn/picture.jpg', jpeg, { contentType: 'image/jpeg' });
    const res = await cdnApp.inject({ method: 'GET', url: '/uploads/ventures/cdn/picture.jpg' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://cdn.example.test/files/uploads/ventures/cdn/picture.jpg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://cdn.example.test;",
    );

    const copy = '/uploads/ventures/cdn/picture-480w.webp';
    expect(await storage.head(copy.slice(1))).toBeNull();
    const made = await cdnApp.inject({ method: 'GET', url: copy });
    expect(made.statusCode).toBe(301);
    expect(await storage.head(copy.slice(1))).not.toBeNull();
    // A copy of no picture, and paths that leave the uploads: 404, no redirect.
    for (const url of [
      '/uploads/ventures/cdn/none-480w.webp',
      '/uploads/../private/canary.bin',
      '/uploads/%2e%2e/private/canary.bin',
      '/uploads/.hidden',
    ]) {
      const answer = await cdnApp.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers.location).toBeUndefined();
    }
    // Without S3_PUBLIC_BASE_URL the policy names no other origin.
    const own = await app.inject({ method: 'GET', url: '/uploads/ventures/cdn/picture.jpg' });
    expect(own.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });
});

describe('the same answers from DATA_DIR (the local driver)', () => {
  it('serves a stored upload with an ETag, 304, 206 and 416', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    await fileStorage(t.ctx.config).put('uploads/ventures/local/a.jpg', bytes);
    const url = '/uploads/ventures/local/a.jpg';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=4-7' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 4-7/16');
    expect(range.body).toBe('4567');
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=16-' } })).statusCode).toBe(
      416,
    );
  });
});

describe('private files in the bucket', () => {
  it('stores identity documents encrypted, and an admin reads them back decrypted', async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const person = await t.injectAs('user');
    const started = await as(person, { method: 'POST', url: '/api/kyc/start-verification' });
    expect(started.statusCode).toBe(200);
    const token = (started.json().verificationUrl as string).split('/').pop()!;
    const { payload, headers } = multipart(
      [
        { field: 'documentFront', filename: 'passport.png', content: png, type: 'image/png' },
        { field: 'selfie', filename: 'me.png', content: png, type: 'image/png' },
      ],
      {
        documentType: 'passport',
        dateOfBirth: '1990-04-12',
        nationality: 'DE',
        address: 'Hauptstr. 1, Berlin',
      },
    );
    const submitted = await as(null, { method: 'POST', url: `/api/kyc/session/${token}`, payload, headers });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const [verification] = await t.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, person.user!.id));
    const docs = await t.database.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.verificationId, verification!.id));
    expect(docs).toHaveLength(2);
    for (const doc of docs) {
      const stored = await storage.read(`private/${doc.storagePath}`);
      // The object's bytes are not the plain file: encrypted before they left the server.
      expect(stored.includes(png.subarray(0, 8))).toBe(false);
      expect(stored.includes(png.subarray(png.length - 32))).toBe(false);
      expect(stored.subarray(0, 4).toString()).toBe('KYC1');
      expect(decryptDocument(KEY, stored).equals(png)).toBe(true);
    }
    expect(existsSync(join(t.dataDir, 'private'))).toBe(false);

    const detail = await as(admin, { method: 'GET', url: `/api/kyc/admin/${person.user!.id}` });
    expect(detail.statusCode).toBe(200);
    const file = await as(admin, { method: 'GET', url: detail.json().data.documents[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('stores a balance proof encrypted, and an admin reads it back', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const investor = await t.injectAs('user');
    const { payload, headers } = multipart(
      [{ field: 'proof', filename: 'proof.png', content: png, type: 'image/png' }],
      { amount: '100' },
    );
    const res = await as(admin, {
      method: 'POST',
      url: `/api/balances/add-balance/${investor.user!.id}`,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const proofs: string[] = [];
    for await (const info of storage.list('private/proofs/')) proofs.push(info.key);
    expect(proofs).toHaveLength(1);
    const stored = await storage.read(proofs[0]!);
    expect(stored.includes(png.subarray(0, 8))).toBe(false);
    expect(decryptDocument(KEY, stored).equals(png)).toBe(true);

    const rows = await as(admin, {
      method: 'GET',
      url: `/api/balances/all-histories?search=${encodeURIComponent(investor.user!.email)}`,
    });
    const proof = await as(admin, { method: 'GET', url: rows.json().data[0].proofUrl });
    expect(proof.statusCode).toBe(200);
    expect(proof.rawPayload.equals(png)).toBe(true);
  });
});
