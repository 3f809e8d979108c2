/**
 * The end of a picture (lib/file-type.ts `withoutTrailer`): what is appended after a JPEG's EOI or a
 * PNG's IEND is dropped before an identity document or a balance proof is stored; the picture's own
 * bytes are kept exactly, however its segments are laid out.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifiedFileType, withoutTrailer } from '../../src-server/lib/file-type';

const TRAILER = Buffer.from('<script>alert(1)</script>');
const picture = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 30, g: 140, b: 90 } } });

let baseline: Buffer;
let progressive: Buffer;
let withExifThumbnail: Buffer;
let stuffedBytes: Buffer;
let png: Buffer;
// Made by libjpeg-turbo's `cjpeg -quality 95 -restart 1B` from 48x32 noise (sharp cannot write
// restart markers): a DRI segment, and an RST marker (FF D0-D7) after every MCU inside the scan.
const withRestartMarkers = readFileSync(new URL('./fixtures/restart-markers.jpg', import.meta.url));

beforeAll(async () => {
  baseline = await picture().jpeg().toBuffer();
  progressive = await picture().jpeg({ progressive: true }).toBuffer();
  // A comment segment holding an EOI of its own (as an EXIF thumbnail does in its APP1 segment)
  // right after SOI: a search for the first FF D9 would cut the picture there.
  const thumbnail = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const comment = Buffer.alloc(4);
  comment.writeUInt16BE(0xfffe, 0);
  comment.writeUInt16BE(thumbnail.length + 2, 2);
  withExifThumbnail = Buffer.concat([baseline.subarray(0, 2), comment, thumbnail, baseline.subarray(2)]);
  // Noise compresses into entropy data with stuffed FF 00 bytes (a 0xFF that is not a marker).
  const noise = Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 256));
  stuffedBytes = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
  png = await picture().png().toBuffer();
});

describe('withoutTrailer', () => {
  it('drops what follows a JPEG and keeps every byte of the picture, whatever its layout', async () => {
    const jpegs = { baseline, progressive, withExifThumbnail, stuffedBytes, withRestartMarkers };
    for (const [name, jpeg] of Object.entries(jpegs)) {
      expect(await verifiedFileType(jpeg, ['image/jpeg']), name).toBe('image/jpeg');
      expect(withoutTrailer(Buffer.concat([jpeg, TRAILER]), 'image/jpeg').equals(jpeg), name).toBe(true);
      expect(withoutTrailer(jpeg, 'image/jpeg').equals(jpeg), `${name} without a trailer`).toBe(true);
    }
    expect(
      progressive.includes(Buffer.from([0xff, 0xda]), progressive.indexOf(Buffer.from([0xff, 0xda])) + 2),
    ).toBe(true); // more than one scan: the walk went on after the first one's data
    expect(stuffedBytes.includes(Buffer.from([0xff, 0x00]))).toBe(true);
    const scan = withRestartMarkers.subarray(withRestartMarkers.indexOf(Buffer.from([0xff, 0xda])));
    expect([0xd0, 0xd1, 0xd2].every((rst) => scan.includes(Buffer.from([0xff, rst])))).toBe(true);
    expect((await sharp(withRestartMarkers).metadata()).width).toBe(48);
  });

  it('drops what follows a PNG', () => {
    expect(withoutTrailer(Buffer.concat([png, TRAILER]), 'image/png').equals(png)).toBe(true);
    expect(withoutTrailer(png, 'image/png').equals(png)).toBe(true);
  });

  it('keeps a picture whose end it cannot find, and a PDF, whole', () => {
    const cut = baseline.subarray(0, baseline.length - 2); // no EOI
    expect(withoutTrailer(cut, 'image/jpeg').equals(cut)).toBe(true);
    const pdf = Buffer.from('%PDF-1.7\n...\n%%EOF\n% an incremental update\n%%EOF\n');
    expect(withoutTrailer(pdf, 'application/pdf').equals(pdf)).toBe(true);
  });
});
