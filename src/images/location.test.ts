// locationIn(): a GPS position in a file published as it is (a PDF holding a phone photo, a video, a drawing's XMP).
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { locationIn } from './location.ts';
import { cameraPhoto } from '../../tests/helpers/camera-photo.ts';

/** A PDF as a scanning app writes one: the photo's JPEG bytes as they are, inside a stream. */
function pdfAround(jpeg: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /XObject /Subtype /Image /Filter /DCTDecode >>\nstream\n'),
    jpeg,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

let withPosition: Buffer;
let withoutPosition: Buffer;

beforeAll(async () => {
  withPosition = await cameraPhoto('jpeg');
  const pixels = Buffer.alloc(16 * 16 * 3, 120);
  withoutPosition = await sharp(pixels, { raw: { width: 16, height: 16, channels: 3 } })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' } })
    .jpeg()
    .toBuffer();
});

describe('locationIn', () => {
  it('finds a phone photo’s position inside a PDF, and nothing in the same PDF around a photo without one', () => {
    expect(locationIn(pdfAround(withPosition))).toBe('the EXIF data of a photo inside it');
    expect(locationIn(pdfAround(withoutPosition))).toBeUndefined();
  });

  it('reads both byte orders of the EXIF block', () => {
    // The same directory written little- and big-endian: IFD0 with one entry, the GPS pointer, to a GPS directory with a latitude.
    for (const little of [true, false]) {
      const tiff = Buffer.alloc(64);
      const u16 = (v: number, at: number) => (little ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at));
      const u32 = (v: number, at: number) => (little ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at));
      tiff.write(little ? 'II*\0' : 'MM\0*', 0, 'latin1');
      u32(8, 4);
      u16(1, 8);
      u16(0x8825, 10);
      u32(26, 18);
      u16(1, 26);
      u16(2, 28);
      u32(1, 36);
      expect(locationIn(Buffer.concat([Buffer.from('%PDF Exif\0\0', 'latin1'), tiff]))).toBe('the EXIF data of a photo inside it');
    }
  });

  it('finds a position written as XMP, as an attribute or an element, and not the field names alone', () => {
    expect(locationIn(Buffer.from('<svg><metadata><rdf:Description exif:GPSLatitude="43,39.03N"/></metadata></svg>'))).toBe('its XMP data');
    expect(locationIn(Buffer.from('<x:xmpmeta><exif:GPSLongitude>79,23.07W</exif:GPSLongitude></x:xmpmeta>'))).toBe('its XMP data');
    expect(locationIn(Buffer.from('<p>Our notes on exif:GPSLatitude fields</p>'))).toBeUndefined();
  });

  it('finds the place a phone records a video at', () => {
    const atom = Buffer.concat([
      Buffer.from([0, 0, 0, 30]),
      Buffer.from([0xa9, 0x78, 0x79, 0x7a]),
      Buffer.from([0, 18, 0x15, 0xc7]),
      Buffer.from('+43.6532-079.3832/'),
    ]);
    expect(locationIn(Buffer.concat([Buffer.from('....ftypqt  '), atom]))).toBe('its location tag, where a phone records a video');
  });

  it('never throws on any bytes, nor on a photo’s EXIF cut short anywhere, and finds nothing in a file of text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => void locationIn(bytes)),
      { numRuns: 2_000 },
    );
    const exif = withPosition.indexOf('Exif\0\0');
    for (let cut = exif; cut < Math.min(withPosition.length, exif + 400); cut++) expect(() => locationIn(withPosition.subarray(0, cut))).not.toThrow();
    fc.assert(
      fc.property(fc.string(), (text) => locationIn(Buffer.from(text)) === undefined),
      { numRuns: 1_000 },
    );
  });
});
