/**
 * The one file-type check of every upload (identity documents, balance proofs, venture images): the
 * real type of the bytes from their first bytes ("magic numbers"), whatever the file is called or
 * claims to be in its Content-Type.
 */
import sharp from 'sharp';
import type { ErrorCode } from '../../src-shared/errors';
import { checkPdf, withoutMetadata } from './document-safety';
import { HttpError } from './http-error';

export type FileType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Identity documents and balance proofs. */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
/** The evidence of a request to be treated as a sophisticated investor (modules/protection). */
export const EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** Venture images (re-encoded to JPEG by sharp afterwards). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes really are, or null for anything else. */
export function sniffFileType(bytes: Buffer): FileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** The bytes' type when it is one of `allowed`, else null. */
export function fileTypeOf<T extends FileType>(bytes: Buffer, allowed: readonly T[]): T | null {
  const type = sniffFileType(bytes);
  return type && (allowed as readonly FileType[]).includes(type) ? (type as T) : null;
}

/** The most pixels an uploaded image may have (a small file may declare a huge picture: a
 * decompression bomb). Venture images are refused above it too (modules/ventures/image-uploads.ts). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The bytes' type when they are one of `allowed` all the way through, not only in their first bytes:
 * an image must decode completely (a JPEG signature followed by HTML or script does not) and have at
 * most MAX_IMAGE_PIXELS ('too-large' beyond: a decompression bomb is never decoded), and a PDF must end
 * with its `%%EOF` marker. Null for anything else.
 */
export async function verifiedFileType<T extends FileType>(
  bytes: Buffer,
  allowed: readonly T[],
): Promise<T | 'too-large' | null> {
  const type = fileTypeOf(bytes, allowed);
  if (!type) return null;
  if (type === 'application/pdf') {
    return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF') ? type : null;
  }
  try {
    // Decoded to a thumbnail: every byte of the picture is read, nothing big is kept.
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .resize({ width: 64, height: 64, fit: 'inside' })
      .raw()
      .toBuffer();
    return type;
  } catch (error) {
    return /pixel limit/i.test((error as Error).message) ? 'too-large' : null;
  }
}

/** Where a JPEG ends (after its EOI marker), walked marker by marker: an EXIF thumbnail's own EOI
 * lies inside its APP1 segment and is skipped with it, and the entropy-coded data after each SOS is
 * read up to the next marker (a 0xFF byte there is followed by 0x00, or is a restart marker). Null
 * when the walk finds no EOI. */
function jpegEnd(bytes: Buffer): number | null {
  let at = 2; // after SOI
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte
    } else if (marker === 0xd9) {
      return at + 2; // EOI
    } else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
    } else {
      if (at + 4 > bytes.length) return null;
      at += 2 + bytes.readUInt16BE(at + 2);
      if (marker === 0xda) {
        while (at + 1 < bytes.length) {
          const next = bytes[at + 1]!;
          if (bytes[at] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
          at += 1;
        }
      }
    }
  }
  return null;
}

/** Where a PNG ends (after its IEND chunk), walked chunk by chunk; null when there is none. */
function pngEnd(bytes: Buffer): number | null {
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return end <= bytes.length ? end : null;
    at = end;
  }
  return null;
}

/**
 * A verified JPEG or PNG without what follows its end marker; other bytes unchanged. Decoders stop
 * at the end marker, so whatever is appended travels unseen: a script (a polyglot), or the video a
 * phone's "motion photo" adds to the picture of an identity document. Stored documents keep the
 * picture only (data minimisation). A PDF is kept whole: incremental updates are appended after
 * its first `%%EOF`.
 */
export function withoutTrailer(bytes: Buffer, type: FileType): Buffer {
  const end = type === 'image/jpeg' ? jpegEnd(bytes) : type === 'image/png' ? pngEnd(bytes) : null;
  return end !== null && end < bytes.length ? bytes.subarray(0, end) : bytes;
}

/**
 * An upload as it is stored: checked whole (`verifiedFileType`), with its real type; a picture keeps
 * only what draws it (no metadata, comments or trailer: lib/document-safety.ts), a PDF is refused
 * when it is active (JavaScript, OpenAction, Launch) or carries files. Refused as the contract's 413
 * (`common.image_too_large`, a decompression bomb) or 415 (`wrongType`: not one of `allowed`, or not
 * decodable; `common.pdf_active_content`; `common.pdf_encrypted`).
 */
export async function checkedUpload<T extends FileType>(
  bytes: Buffer,
  allowed: readonly T[],
  wrongType: ErrorCode,
): Promise<{ bytes: Buffer; mimeType: T }> {
  const checked = await verifiedFileType(bytes, allowed);
  if (checked === 'too-large') throw new HttpError(413, 'common.image_too_large');
  if (checked === null) throw new HttpError(415, wrongType);
  if (checked === 'application/pdf') {
    const verdict = checkPdf(bytes);
    if (!verdict.ok)
      throw new HttpError(
        415,
        verdict.reason === 'encrypted' ? 'common.pdf_encrypted' : 'common.pdf_active_content',
      );
    return { bytes, mimeType: checked };
  }
  return { bytes: await withoutMetadata(withoutTrailer(bytes, checked), checked), mimeType: checked };
}
