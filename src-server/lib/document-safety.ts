/**
 * What an uploaded document may carry besides its picture or its pages (issue 26, finding 8).
 * Identity documents, balance proofs and sophisticated-investor evidence are opened by admins in
 * their browser, so they are stored without anything active or hidden:
 *
 * - a PDF is refused when it has JavaScript, an OpenAction (an action run on opening), a Launch
 *   action (starts a program) or embedded files; the names are looked for in the file's bytes and
 *   in every Flate-compressed stream (object streams hide dictionaries there), with PDF's `#xx`
 *   escapes decoded (`/J#61vaScript` is `/JavaScript`). An encrypted PDF with compressed streams
 *   cannot be read through, and is refused as such (decision 0116);
 * - a JPEG keeps only the segments that draw it (JFIF, Adobe's colour transform, tables, frame,
 *   scan): EXIF (GPS position, device, owner), XMP, ICC, comments and vendor segments are dropped,
 *   so a `<script>` in a comment is not stored; a PNG keeps its critical chunks and those that change
 *   how it looks (transparency, gamma, chromaticities, sRGB, pixel size), never text, EXIF or time
 *   chunks. A picture turned by its EXIF orientation is re-encoded upright instead, so the admin sees
 *   it as the phone showed it; a WebP (evidence only) is re-encoded, which drops its metadata.
 */
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { FileType } from './file-type';

/** The PDF names that make a document active or a container. */
const ACTIVE_PDF_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
]);

/** At most this many bytes are inflated from one PDF's streams (a decompression bomb stops here). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export type PdfVerdict = { ok: true } | { ok: false; reason: 'active' | 'encrypted'; name?: string };

/** A PDF name (`/Name`) token's text with its `#xx` escapes decoded. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first active name in `text` (latin1), or null. Delimiters end a name (ISO 32000-1, 7.3.5). */
function activeName(text: string): string | null {
  for (const match of text.matchAll(/\/([^\s/[\]<>(){}%\0]+)/g)) {
    const name = decodeName(match[1]!);
    if (ACTIVE_PDF_NAMES.has(name)) return name;
  }
  return null;
}

/** Each `stream ... endstream` body of a PDF whose dictionary says FlateDecode: inflated, or null
 * when it does not inflate (encrypted, or damaged). */
function* flateStreams(bytes: Buffer): Generator<Buffer | null> {
  let budget = MAX_INFLATED_BYTES;
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream', at, 'latin1');
    if (start < 0) return;
    at = start + 6;
    // `endstream` contains `stream`: only a keyword that is not the end of one starts a body.
    if (bytes.toString('latin1', Math.max(0, start - 3), start) === 'end') continue;
    const before = bytes.toString('latin1', Math.max(0, start - 1024), start);
    const dictionary = before.slice(Math.max(0, before.lastIndexOf('<<')));
    if (!/\/FlateDecode\b/.test(decodeName(dictionary))) continue;
    let body = at;
    if (bytes[body] === 0x0d) body += 1;
    if (bytes[body] === 0x0a) body += 1;
    const end = bytes.indexOf('endstream', body, 'latin1');
    if (end < 0) return;
    at = end + 9;
    let inflated: Buffer | null = null;
    try {
      inflated = inflateSync(bytes.subarray(body, end), { maxOutputLength: budget });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new RangeError('too much to inflate');
    }
    if (inflated) budget -= inflated.length;
    yield inflated;
  }
}

/** Whether a PDF may be stored: no JavaScript, OpenAction, Launch or embedded file anywhere. */
export function checkPdf(bytes: Buffer): PdfVerdict {
  const raw = bytes.toString('latin1');
  const direct = activeName(raw);
  if (direct) return { ok: false, reason: 'active', name: direct };
  const encrypted = /\/Encrypt\b/.test(decodeName(raw));
  try {
    for (const inflated of flateStreams(bytes)) {
      // An encrypted stream does not inflate, and an object stream could hide anything in it.
      if (inflated === null) {
        if (encrypted) return { ok: false, reason: 'encrypted' };
        continue;
      }
      const name = activeName(inflated.toString('latin1'));
      if (name) return { ok: false, reason: 'active', name };
    }
  } catch {
    // More to inflate than any document needs: it cannot be checked, so it is not stored.
    return { ok: false, reason: 'active', name: 'FlateDecode' };
  }
  return { ok: true };
}

/** JPEG markers kept: APP0 (JFIF), APP14 (Adobe colour transform), the tables, frames and scans. */
function keepJpegMarker(marker: number): boolean {
  if (marker === 0xe0 || marker === 0xee) return true;
  if (marker >= 0xe1 && marker <= 0xef) return false; // APP1-APP15: EXIF, XMP, ICC, vendors
  if (marker === 0xfe) return false; // COM
  return true;
}

/**
 * The JPEG's drawing segments up to its EOI, or null when its layout cannot be walked (the caller
 * then re-encodes it). Entropy-coded data after each SOS is copied as it is.
 */
function strippedJpeg(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(at, at + 2));
      return Buffer.concat(parts);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    let end = at + 2 + bytes.readUInt16BE(at + 2);
    if (marker === 0xda) {
      while (end + 1 < bytes.length) {
        const next = bytes[end + 1]!;
        if (bytes[end] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        end += 1;
      }
    }
    if (end > bytes.length) return null;
    if (keepJpegMarker(marker)) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

const PNG_SIGNATURE_LENGTH = 8;
/** PNG chunks kept: the critical ones (upper-case first letter) and these ancillary ones. */
const PNG_KEPT_ANCILLARY = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'pHYs', 'sBIT', 'bKGD']);

/** The PNG's critical and look-changing chunks up to IEND, or null when it cannot be walked. */
function strippedPng(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  let at = PNG_SIGNATURE_LENGTH;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const critical = type[0]! >= 'A' && type[0]! <= 'Z';
    if (critical || PNG_KEPT_ANCILLARY.has(type)) parts.push(bytes.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(parts);
    at = end;
  }
  return null;
}

/** Re-encoded upright, without metadata (sharp keeps none unless asked). */
async function reencoded(bytes: Buffer, type: FileType): Promise<Buffer> {
  const image = sharp(bytes, { failOn: 'error' }).rotate();
  if (type === 'image/png') return image.png().toBuffer();
  if (type === 'image/webp') return image.webp({ quality: 92 }).toBuffer();
  return image.jpeg({ quality: 92 }).toBuffer();
}

/**
 * A verified picture as it is stored: only what draws it, nothing after its end marker. Pictures that
 * an EXIF orientation turns, WebP, and layouts that cannot be walked are re-encoded instead.
 * Other types are returned unchanged.
 */
export async function withoutMetadata(bytes: Buffer, type: FileType): Promise<Buffer> {
  if (type === 'application/pdf') return bytes;
  if (type === 'image/webp') return reencoded(bytes, type);
  const { orientation } = await sharp(bytes).metadata();
  if (orientation !== undefined && orientation !== 1) return reencoded(bytes, type);
  const stripped = type === 'image/jpeg' ? strippedJpeg(bytes) : strippedPng(bytes);
  return stripped ?? reencoded(bytes, type);
}
