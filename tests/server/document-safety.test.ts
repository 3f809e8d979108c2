/**
 * Issue 26, finding 8: documents that admins open in their browser are stored without anything
 * active or hidden. A PDF with JavaScript, an OpenAction, a Launch action or embedded files is
 * refused (415 `common.pdf_active_content`), wherever the name hides: written with `#xx` escapes or
 * inside a compressed object stream; an encrypted PDF that cannot be read through is refused as
 * `common.pdf_encrypted`. A JPEG's comment and EXIF segments, a PNG's text chunks, are not stored;
 * a picture turned by its EXIF orientation is stored upright.
 */
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPdf, withoutMetadata } from '../../src-server/lib/document-safety';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf } from './money-helpers';
import { multipart } from './multipart';

let t: TestContext;
let admin: SignedIn;

/** A minimal PDF whose catalog carries `extra` (a dictionary's entries) and one more object. */
function pdfWith(extra: string, object = ''): Buffer {
  return Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra} >>\nendobj\n` +
      `2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n${object}` +
      'trailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

/** The same with the action inside a Flate-compressed object stream (PDF 1.5). */
function pdfWithObjectStream(hidden: string, dictionaryExtra = ''): Buffer {
  const body = deflateSync(Buffer.from(`3 0 << ${hidden} >>`, 'latin1'));
  const head = Buffer.from(
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
      `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${body.length} ${dictionaryExtra}>>\nstream\n`,
    'latin1',
  );
  return Buffer.concat([head, body, Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')]);
}

/** A real PDF made by pdfkit: compressed content, fonts, the kind a scanner or a bank produces. */
function plainPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Bank statement 2026-11: transfer of EUR 500.00 received.');
    doc.end();
  });
}

const picture = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 200, g: 120, b: 40 } } });

/** A JPEG with a comment segment (COM) holding a script, right after SOI. */
async function jpegWithComment(comment: string): Promise<Buffer> {
  const jpeg = await picture().jpeg().toBuffer();
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

function addBalance(userId: string, proof: Buffer, filename: string, type: string) {
  const { payload, headers } = multipart([{ field: 'proof', filename, content: proof, type }], {
    amount: '25',
  });
  return admin.inject({ method: 'POST', url: `/api/balances/add-balance/${userId}`, payload, headers });
}

async function storedProof(email: string): Promise<Buffer> {
  const rows = await admin.inject({
    method: 'GET',
    url: `/api/balances/all-histories?search=${encodeURIComponent(email)}`,
  });
  const [row] = rows.json().data as { proofUrl: string }[];
  const proof = await admin.inject({ method: 'GET', url: row!.proofUrl });
  expect(proof.statusCode).toBe(200);
  return proof.rawPayload;
}

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('checkPdf', () => {
  it('accepts a plain PDF (compressed content and fonts)', async () => {
    expect(checkPdf(await plainPdf())).toEqual({ ok: true });
    expect(checkPdf(pdfWith('/PageMode /UseNone'))).toEqual({ ok: true });
  });

  it.each([
    ['an OpenAction running JavaScript', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>', 'OpenAction'],
    [
      'a Launch action',
      '/Names << /Dests 5 0 R >> /AcroForm << /A << /S /Launch /F (calc.exe) >> >>',
      'Launch',
    ],
    ['embedded files', '/Names << /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >>', 'EmbeddedFiles'],
    ['JavaScript written with #xx escapes', '/Names << /J#61vaScript 7 0 R >>', 'JavaScript'],
    ['an escaped OpenAction', '/Op#65nAction 8 0 R', 'OpenAction'],
  ])('refuses %s', (_, extra, name) => {
    expect(checkPdf(pdfWith(extra))).toEqual({ ok: false, reason: 'active', name });
  });

  it('finds an action hidden in a compressed object stream', () => {
    expect(checkPdf(pdfWithObjectStream('/S /JavaScript /JS (app.alert(1))'))).toMatchObject({
      ok: false,
      name: 'JavaScript',
    });
    expect(checkPdf(pdfWithObjectStream('/Type /Font /Subtype /Type1 /BaseFont /Helvetica'))).toEqual({
      ok: true,
    });
  });

  it('refuses an encrypted PDF whose streams it cannot read, accepts one it can', () => {
    const sealed = pdfWithObjectStream('/S /JavaScript')
      .toString('latin1')
      .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R');
    // The stream's bytes scrambled, as encryption leaves them.
    const scrambled = Buffer.from(sealed, 'latin1');
    const start = scrambled.indexOf('stream\n') + 7;
    for (let i = start; i < start + 8; i++) scrambled[i] = scrambled[i]! ^ 0x5a;
    expect(checkPdf(scrambled)).toEqual({ ok: false, reason: 'encrypted' });
    // Without compressed streams everything is in plain sight (strings are encrypted, names are not).
    const open = pdfWith('/PageMode /UseNone')
      .toString('latin1')
      .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R');
    expect(checkPdf(Buffer.from(open, 'latin1'))).toEqual({ ok: true });
  });
});

describe('withoutMetadata', () => {
  it("drops a JPEG's comment and EXIF, keeps the picture's own segments byte for byte", async () => {
    const plain = await picture().jpeg().toBuffer();
    const commented = await jpegWithComment('<script>alert(1)</script>');
    const stored = await withoutMetadata(commented, 'image/jpeg');
    expect(stored.includes('<script>')).toBe(false);
    expect(stored.equals(plain)).toBe(true);

    const withExif = await picture()
      .jpeg()
      .withExif({ IFD0: { Copyright: 'owner <script>', Artist: 'Sofia' } })
      .toBuffer();
    const cleaned = await withoutMetadata(withExif, 'image/jpeg');
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect((await sharp(cleaned).metadata()).exif).toBeUndefined();
    expect(cleaned.includes('<script>')).toBe(false);
    expect(await sharp(cleaned).metadata()).toMatchObject({ width: 60, height: 40, format: 'jpeg' });
  });

  it('stores a picture turned by its EXIF orientation upright', async () => {
    // Orientation 6: the camera held sideways; viewers turn the 60x40 picture into 40x60.
    const turned = await picture().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const stored = await withoutMetadata(turned, 'image/jpeg');
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: 40, height: 60 });
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
  });

  it("drops a PNG's text chunks and keeps its pixels", async () => {
    const png = await picture()
      .png()
      .withMetadata()
      .withExif({ IFD0: { ImageDescription: '<script>x</script>' } })
      .toBuffer();
    const stored = await withoutMetadata(png, 'image/png');
    expect(stored.includes('<script>')).toBe(false);
    const [before, after] = await Promise.all([sharp(png).raw().toBuffer(), sharp(stored).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });
});

describe('through the API', () => {
  it('refuses an active PDF as a balance proof: 415, nothing credited', async () => {
    const investor = await t.injectAs('user');
    const before = await balanceOf(t, investor.user!.id);
    const active = await addBalance(
      investor.user!.id,
      pdfWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      'proof.pdf',
      'application/pdf',
    );
    expect(active.statusCode).toBe(415);
    expect(active.json()).toMatchObject({
      code: 'common.pdf_active_content',
      message:
        'PDF files with scripts, automatic actions or attached files are not accepted. Please upload a plain PDF or a picture.',
    });
    expect(await balanceOf(t, investor.user!.id)).toBe(before);

    const plain = await addBalance(investor.user!.id, await plainPdf(), 'proof.pdf', 'application/pdf');
    expect(plain.statusCode).toBe(200);
    expect(await balanceOf(t, investor.user!.id)).toBe(before + 2_500n);
  });

  it("stores a JPEG proof without its comment's script", async () => {
    const investor = await t.injectAs('user');
    const commented = await jpegWithComment('<script>alert(document.cookie)</script>');
    const answer = await addBalance(investor.user!.id, commented, 'proof.jpg', 'image/jpeg');
    expect(answer.statusCode).toBe(200);
    const stored = await storedProof(investor.user!.email);
    expect(stored.includes('<script>')).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 60, height: 40, format: 'jpeg' });
  });
});
