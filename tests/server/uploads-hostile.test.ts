/**
 * Hostile uploads (issue 17, point 4): every multipart route (venture images, balance proofs, identity
 * documents, sophisticated-investor evidence) gets polyglots, an SVG with script, a PNG decompression
 * bomb, a 30 MB file, wrong field names, too many parts, misnamed and empty files and malformed bodies. Each is refused with the
 * contract's status (413 too large, 415 wrong type, 400 otherwise) and stores nothing: no row and no
 * file under the data folder. What is served back is re-encoded and typed, and identity documents are
 * never reachable from a public path.
 */
import { readFile } from 'node:fs/promises';
import { crc32, createDeflate } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../src-shared/errors';
import { imageVariantPath } from '../../src-shared/images/variants';
import { kycDocuments } from '../../src-server/db/schema';
import { withoutMetadata } from '../../src-server/lib/document-safety';
import { testContext, type SignedIn, type TestContext } from './context';
import { changedTables, filesUnder, rowCounter } from './hostile';
import { multipart, type MultipartFile } from './multipart';

let t: TestContext;
let owner: SignedIn;
let admin: SignedIn;
let investor: SignedIn;
let ventureId: string;
let countRows: () => Promise<Record<string, number>>;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
/** The pictures as documents are stored: without their EXIF (lib/document-safety.ts, issue 26 finding 8). */
let jpegStored: Buffer;
let pngStored: Buffer;
let kycPerson: SignedIn;
let kycToken: string;
/** An investor asking to be treated as a sophisticated investor (no request of theirs waits). */
let claimant: SignedIn;
let bomb: Promise<Buffer> | undefined;

const DAY = 86_400_000;

/** A valid new venture's body (its owner then uploads to it). */
const ventureBody = (title: string) => ({
  title,
  shortDescription: 'Short.',
  longDescription: 'Long.',
  collateralDescription: 'Collateral.',
  country: 'KE',
  ventureType: 'business',
  targetAmount: 50_000,
  expectedReturn: 12,
  investmentPeriod: 12,
  closingDate: new Date(Date.now() + 30 * DAY).toISOString(),
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5_000,
  collateralValue: 60_000,
  loanToValue: 83.33,
});
const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';
/** The start of an MP4 as a phone's motion photo appends it after the JPEG's end. */
const MOTION_PHOTO_VIDEO = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42', 'latin1'),
  Buffer.alloc(512, 7),
]);

/** Two Annex II criteria: the evidence alone decides. */
const CRITERIA = ['income_or_portfolio', 'executive_position'];
const KYC_FIELDS = {
  documentType: 'passport',
  dateOfBirth: '1990-04-12',
  nationality: 'DE',
  address: 'Hauptstr. 1, 10115 Berlin',
};

/** A PNG that declares width x height of one colour, small on disk: its rows deflated as a stream
 * (20,000 x 20,000 is 400 MB of pixels and about 400 KB of file), never held whole in memory. */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // Filter byte 0 and a row of zeros, for every row, 100 rows a write.
  const deflate = createDeflate({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const rows = Buffer.alloc((width + 1) * 100);
  for (let row = 0; row < height; row += 100) {
    if (!deflate.write(rows)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const idat = Buffer.concat(out);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Snapshot {
  rows: Record<string, number>;
  files: string[];
}

const snapshot = async (): Promise<Snapshot> => ({
  rows: await countRows(),
  files: [
    ...(await filesUnder(`${t.dataDir}/uploads`)),
    ...(await filesUnder(`${t.dataDir}/private`)).map((f) => `private/${f}`),
  ],
});

/** The multipart routes, each sending `files` beside valid fields (so the file alone decides). */
interface UploadRoute {
  name: string;
  field: string;
  /** The code of a file over 10 MB. */
  tooLarge: string;
  /** The code of a decompression bomb. */
  bomb: string;
  send(
    files: MultipartFile[],
    options?: { fields?: Record<string, string>; raw?: { payload: Buffer; headers: Record<string, string> } },
  ): ReturnType<SignedIn['inject']>;
}

const ROUTES: UploadRoute[] = [
  {
    name: 'venture images (PATCH /api/ventures/id/{id}/upload-image)',
    field: 'images',
    tooLarge: 'common.file_too_large',
    bomb: 'venture.image_too_large',
    send: (files, options = {}) => {
      const { payload, headers } = options.raw ?? multipart(files, options.fields ?? {}, 'images');
      return owner.inject({
        method: 'PATCH',
        url: `/api/ventures/id/${ventureId}/upload-image`,
        payload,
        headers,
      });
    },
  },
  {
    name: 'balance proofs (POST /api/balances/add-balance/{userId})',
    field: 'proof',
    tooLarge: 'balance.proof_too_large',
    bomb: 'common.image_too_large',
    send: (files, options = {}) => {
      const { payload, headers } =
        options.raw ?? multipart(files, { amount: '25', note: 'hostile', ...options.fields }, 'proof');
      return admin.inject({
        method: 'POST',
        url: `/api/balances/add-balance/${investor.user!.id}`,
        payload,
        headers,
      });
    },
  },
  {
    name: 'identity documents (POST /api/kyc/session/{token})',
    field: 'documentFront',
    tooLarge: 'kyc.file_too_large',
    bomb: 'common.image_too_large',
    send: (files, options = {}) => {
      // The selfie is a real picture: the document decides.
      const all = files.some((f) => f.field === 'selfie')
        ? files
        : [...files, { field: 'selfie', filename: 'me.jpg', content: jpeg }];
      const { payload, headers } =
        options.raw ?? multipart(all, { ...KYC_FIELDS, ...options.fields }, 'documentFront');
      return t.app.inject({ method: 'POST', url: `/api/kyc/session/${kycToken}`, payload, headers });
    },
  },
  {
    name: 'sophisticated-investor evidence (POST /api/protection/sophisticated-request)',
    field: 'evidence',
    tooLarge: 'kyc.file_too_large',
    bomb: 'common.image_too_large',
    send: (files, options = {}) => {
      const { payload, headers } =
        options.raw ?? multipart(files, { criteria: CRITERIA, ...options.fields }, 'evidence');
      return claimant.inject({
        method: 'POST',
        url: '/api/protection/sophisticated-request',
        payload,
        headers,
      });
    },
  },
];

beforeAll(async () => {
  t = await testContext();
  owner = await t.injectAs('corporate');
  admin = await t.injectAs('admin');
  investor = await t.injectAs('user');
  const created = await owner.inject({
    method: 'POST',
    url: '/api/ventures',
    payload: ventureBody('Upload target'),
  });
  expect(created.statusCode, created.body).toBe(201);
  ventureId = created.json().data._id;
  const picture = (format: 'jpeg' | 'png' | 'webp') =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner-name' } } })
      .toFormat(format)
      .toBuffer();
  [jpeg, png, webp] = await Promise.all([picture('jpeg'), picture('png'), picture('webp')]);
  [jpegStored, pngStored] = await Promise.all([
    withoutMetadata(jpeg, 'image/jpeg'),
    withoutMetadata(png, 'image/png'),
  ]);
  for (const stored of [jpegStored, pngStored]) expect(stored.includes('secret-owner-name')).toBe(false);
  kycPerson = await t.injectAs('user');
  const started = await kycPerson.inject({ method: 'POST', url: '/api/kyc/start-verification' });
  expect(started.statusCode, started.body).toBe(200);
  const link = started.json().verificationUrl as string;
  kycToken = link.slice(link.lastIndexOf('/') + 1);
  claimant = await t.injectAs('user');
  countRows = await rowCounter(t.database.pool);
});

/** Sends an attack and checks the refusal: its status and code, and nothing stored. */
async function expectRefused(
  route: UploadRoute,
  send: () => ReturnType<SignedIn['inject']>,
  status: number,
  code?: string,
): Promise<void> {
  const before = await snapshot();
  const res = await send();
  const label = `${route.name}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBe(status);
  const body = res.json() as { message?: unknown; code?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect(isErrorCode(body.code), label).toBe(true);
  if (code) expect(body.code, label).toBe(code);
  const after = await snapshot();
  expect(changedTables(before.rows, after.rows), `${route.name}: rows changed`).toEqual([]);
  expect(after.files, `${route.name}: files written`).toEqual(before.files);
}

describe.each(ROUTES)('$name', (route) => {
  const file = (content: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): MultipartFile => ({
    field: route.field,
    filename,
    content,
    type,
  });

  it('refuses a polyglot: a JPEG signature followed by HTML and script (415)', async () => {
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT)]);
    await expectRefused(route, () => route.send([file(polyglot)]), 415);
    // A PNG signature, a PDF header: the same.
    const pngScript = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(SCRIPT),
    ]);
    await expectRefused(route, () => route.send([file(pngScript, 'a.png', 'image/png')]), 415);
    const pdfScript = Buffer.from(`%PDF-1.4\n${SCRIPT}`);
    await expectRefused(route, () => route.send([file(pdfScript, 'a.pdf', 'application/pdf')]), 415);
  });

  it('refuses an SVG with script, HTML named .jpg, a GIF and a truncated JPEG (415)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    await expectRefused(route, () => route.send([file(svg, 'logo.svg', 'image/svg+xml')]), 415);
    await expectRefused(route, () => route.send([file(Buffer.from(SCRIPT), 'photo.jpg', 'image/jpeg')]), 415);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expectRefused(route, () => route.send([file(gif, 'a.gif', 'image/gif')]), 415);
    await expectRefused(route, () => route.send([file(jpeg.subarray(0, Math.floor(jpeg.length / 2)))]), 415);
  });

  it('refuses a PNG decompression bomb of 20,000 x 20,000 pixels, small on disk (413)', async () => {
    bomb ??= pngBomb(20_000, 20_000);
    const png20k = await bomb;
    expect(png20k.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    await expectRefused(route, () => route.send([file(png20k, 'bomb.png', 'image/png')]), 413, route.bomb);
    // Refused from its header: never decoded.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a 30 MB file (413)', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(30 * 1024 * 1024, 7)]);
    await expectRefused(route, () => route.send([file(big)]), 413, route.tooLarge);
  });

  it('refuses a file under a field name the form does not take (400)', async () => {
    for (const name of ['image', 'file', '__proto__', 'documentFront[]', 'proof ']) {
      if (name === route.field) continue;
      await expectRefused(
        route,
        () => route.send([{ field: name, filename: 'photo.jpg', content: jpeg }]),
        400,
        name === '__proto__' ? undefined : 'common.unknown_file_field',
      );
    }
  });

  it('refuses too many parts: files over the limit, and 40 text fields (413)', async () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ ...file(jpeg), filename: `${i}.jpg` }));
    await expectRefused(route, () => route.send(files), 413, 'common.too_many_files');
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, 'x']));
    await expectRefused(route, () => route.send([file(jpeg)], { fields }), 413, 'common.too_many_parts');
  });

  it('refuses an empty file (400) and malformed bodies (400, 415)', async () => {
    await expectRefused(route, () => route.send([file(Buffer.alloc(0))]), 400, 'common.empty_file');
    const { payload } = multipart([file(jpeg)], {}, route.field);
    await expectRefused(
      route,
      () => route.send([], { raw: { payload, headers: { 'content-type': 'multipart/form-data' } } }),
      400,
      'common.invalid_multipart',
    );
    const form = multipart(
      [file(jpeg)],
      route.name.startsWith('balance') ? { amount: '25' } : KYC_FIELDS,
      route.field,
    );
    // Cut inside the file, and cut between two parts (no closing boundary).
    await expectRefused(
      route,
      () =>
        route.send([], {
          raw: { payload: form.payload.subarray(0, form.payload.length - 200), headers: form.headers },
        }),
      400,
      'common.invalid_multipart',
    );
    // Cut after the boundary that opens the file: @fastify/multipart took the form as complete.
    const boundary = form.headers['content-type']!.split('boundary=')[1]!;
    const fileStart = form.payload.indexOf(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${route.field}"`),
    );
    const cut = form.payload.subarray(0, fileStart + boundary.length + 2);
    await expectRefused(
      route,
      () => route.send([], { raw: { payload: cut, headers: form.headers } }),
      400,
      'common.invalid_multipart',
    );
    await expectRefused(
      route,
      () =>
        route.send([], {
          raw: {
            payload: Buffer.from(JSON.stringify({ amount: 25 })),
            headers: { 'content-type': 'application/json' },
          },
        }),
      415,
    );
  });
});

describe('what is served back', () => {
  it('re-encodes venture images: other bytes, decoded as JPEG, typed, nosniff, no script, no metadata', async () => {
    const polyglot = Buffer.concat([jpeg, Buffer.from(SCRIPT)]);
    const uploads: [string, Buffer, string][] = [
      ['photo.jpg', polyglot, 'image/jpeg'],
      ['renamed.jpg', png, 'image/jpeg'],
      ['picture.webp', webp, 'image/webp'],
    ];
    for (const [filename, content, type] of uploads) {
      const v = await owner.inject({
        method: 'POST',
        url: '/api/ventures',
        payload: ventureBody(`Served ${filename}`),
      });
      const id = v.json().data._id as string;
      const { payload, headers } = multipart([{ filename, content, type }]);
      const res = await owner.inject({
        method: 'PATCH',
        url: `/api/ventures/id/${id}/upload-image`,
        payload,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [path] = res.json().images as string[];
      expect(path).toMatch(new RegExp(`^/uploads/ventures/${id}/[0-9a-f-]{36}\\.jpg$`));
      const served = await t.app.inject({ method: 'GET', url: path! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(content)).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('secret-owner-name'))).toBe(false);
      // Its WebP copies too.
      const copy = await t.app.inject({ method: 'GET', url: imageVariantPath(path!, 480) });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(copy.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('serves a balance proof to admins only, typed by its bytes, nosniff and not cached', async () => {
    const { payload, headers } = multipart(
      [
        {
          field: 'proof',
          filename: 'proof.jpg',
          content: Buffer.concat([png, Buffer.from(SCRIPT)]),
          type: 'image/jpeg',
        },
      ],
      { amount: '5' },
      'proof',
    );
    const res = await admin.inject({
      method: 'POST',
      url: `/api/balances/add-balance/${investor.user!.id}`,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.pool.query<{ id: string; proof_path: string }>(
      'SELECT id, proof_path FROM ledger_transactions WHERE proof_path IS NOT NULL',
    );
    expect(rows.rows.length).toBe(1);
    const { id, proof_path: proofPath } = rows.rows[0]!;
    const served = await admin.inject({ method: 'GET', url: `/api/balances/proofs/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.rawPayload.equals(pngStored), 'the picture, without its EXIF or the script after it').toBe(
      true,
    );
    // Nobody else, and never from a public path.
    for (const as of [investor, owner]) {
      expect((await as.inject({ method: 'GET', url: `/api/balances/proofs/${id}` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/balances/proofs/${id}` })).statusCode).toBe(401);
    await expectNotPublic(proofPath, pngStored);
  });
});

describe('sophisticated-investor evidence', () => {
  it('is stored encrypted outside the uploads folder, without what follows the picture, and answered only to admins', async () => {
    const { payload, headers } = multipart(
      [{ field: 'evidence', filename: 'payslip.jpg', content: Buffer.concat([jpeg, Buffer.from(SCRIPT)]) }],
      { criteria: CRITERIA },
    );
    const res = await claimant.inject({
      method: 'POST',
      url: '/api/protection/sophisticated-request',
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.evidence).toEqual({
      name: 'payslip.jpg',
      mimeType: 'image/jpeg',
      size: jpegStored.length,
    });
    const { rows } = await t.database.pool.query<{ id: string; evidence_path: string }>(
      'SELECT id, evidence_path FROM sophisticated_requests WHERE user_id = $1',
      [claimant.user!.id],
    );
    expect(rows).toHaveLength(1);
    const { id, evidence_path: evidencePath } = rows[0]!;
    await expectNotPublic(evidencePath, jpegStored);
    const url = `/api/admin/protection/requests/${id}/evidence`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const as of [claimant, investor, owner])
      expect((await as.inject({ method: 'GET', url })).statusCode).toBe(403);
    const opened = await admin.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.rawPayload.equals(jpegStored), 'the picture, without its EXIF or the script after it').toBe(
      true,
    );
  });
});

/** Public guesses of a stored file's path, with and without a session: none answers its bytes. */
async function expectNotPublic(storagePath: string, original: Buffer): Promise<void> {
  const name = storagePath.split('/').pop()!;
  const encoded = encodeURIComponent(storagePath);
  const guesses = [
    `/uploads/${storagePath}`,
    `/uploads/private/${storagePath}`,
    `/uploads/../private/${storagePath}`,
    `/uploads/%2e%2e/private/${storagePath}`,
    `/uploads/..%2fprivate%2f${encoded}`,
    `/uploads/%2e%2e%2fprivate%2f${encoded}`,
    `/uploads/ventures/..%2f..%2fprivate%2f${encoded}`,
    `/private/${storagePath}`,
    `/${storagePath}`,
    `/uploads/${name}`,
    `/uploads/kyc/${name}`,
    `/uploads/proofs/${name}`,
    `/api/../private/${storagePath}`,
    `/uploads//private/${storagePath}`,
    `/uploads/.%2e/private/${storagePath}`,
  ];
  const stored = await readFile(`${t.dataDir}/private/${storagePath}`);
  const senders: ((options: InjectOptions) => Promise<LightMyRequestResponse>)[] = [
    (options) => t.app.inject(options),
    (options) => admin.inject(options),
    (options) => kycPerson.inject(options),
    (options) => investor.inject(options),
  ];
  for (const send of senders) {
    for (const url of guesses) {
      const res = await send({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.rawPayload.includes(original), url).toBe(false);
      expect(stored.length > 0 && res.rawPayload.includes(stored), url).toBe(false);
    }
  }
}

describe('identity documents', () => {
  it('are stored outside the uploads folder, without what follows the picture, and answered only to admins through the API', async () => {
    // What a decoder never reads is not kept: a script after the picture (a polyglot), or the video
    // a phone's motion photo appends to it.
    const { payload, headers } = multipart(
      [
        {
          field: 'documentFront',
          filename: 'passport.png',
          content: Buffer.concat([png, Buffer.from(SCRIPT)]),
          type: 'image/png',
        },
        { field: 'selfie', filename: 'me.jpg', content: Buffer.concat([jpeg, MOTION_PHOTO_VIDEO]) },
      ],
      KYC_FIELDS,
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/kyc/session/${kycToken}`, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    const docs = await t.database.db.select().from(kycDocuments);
    expect(docs.length).toBe(2);
    expect(Object.fromEntries(docs.map((doc) => [doc.kind, doc.sizeBytes]))).toEqual({
      documentFront: pngStored.length,
      selfie: jpegStored.length,
    });
    expect(await filesUnder(`${t.dataDir}/uploads`)).not.toContainEqual(expect.stringMatching(/kyc|\.bin$/));
    for (const doc of docs) {
      const original = doc.kind === 'selfie' ? jpegStored : pngStored;
      await expectNotPublic(doc.storagePath, original);
      // The API path: admins only (404 for the person themself and others, 401 without a session).
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/kyc/admin/documents/${doc.id}` })).statusCode,
      ).toBe(401);
      for (const as of [kycPerson, investor, owner]) {
        expect(
          (await as.inject({ method: 'GET', url: `/api/kyc/admin/documents/${doc.id}` })).statusCode,
        ).toBe(404);
      }
      const opened = await admin.inject({ method: 'GET', url: `/api/kyc/admin/documents/${doc.id}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe(doc.mimeType);
      expect(opened.headers['x-content-type-options']).toBe('nosniff');
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.rawPayload.equals(original)).toBe(true);
    }
  });
});
