// Where a file that is published as it is (a PDF, a video, a drawing, any
// file of static/ that is not a raster picture, which are encoded again
// without their data) says it was made. A phone puts its GPS position into
// the photos it takes and the videos it records, and a document made from
// such a photo (a scan saved as PDF, a drawing with a photo pasted in) can
// carry the photo's EXIF block inside it untouched. The build cannot take that
// data out of a PDF or a video, so such a file is refused at the file. Pure.

/** Where in a file its position was found, in words a message can go on after ("in ..."). */
export type LocationPlace = 'the EXIF data of a photo inside it' | 'its XMP data' | 'its location tag, where a phone records a video';

/** The first place `bytes` carry a GPS position, or undefined. Looks at the bytes, never the name. */
export function locationIn(bytes: Uint8Array): LocationPlace | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (exifWithPosition(buffer)) return 'the EXIF data of a photo inside it';
  // XMP is text inside the file, written as an element or an attribute (exif:GPSLatitude="43,39.1N").
  if (XMP_POSITION.test(buffer.toString('latin1'))) return 'its XMP data';
  // QuickTime and MP4 keep a recording's place in an atom named ©xyz ("+43.6532-079.3832/").
  const atom = buffer.indexOf(QUICKTIME_PLACE);
  if (atom !== -1 && /[+-]\d/.test(buffer.toString('latin1', atom + 4, atom + 40))) return 'its location tag, where a phone records a video';
  return undefined;
}

const XMP_POSITION = /\bexif:GPS(?:Latitude|Longitude)\s*(?:=\s*["'][^"']*\d|>\s*[^<\s]*\d)/;
const QUICKTIME_PLACE = Buffer.from([0xa9, 0x78, 0x79, 0x7a]);
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** The EXIF tag that points at the GPS fields; a camera without a position leaves it out. */
const GPS_POINTER = 0x8825;

/** Whether an EXIF block in `buffer` (anywhere: a JPEG's APP1, a JPEG inside a PDF) points at GPS fields with a latitude. */
function exifWithPosition(buffer: Buffer): boolean {
  for (let at = buffer.indexOf(EXIF_HEADER); at !== -1; at = buffer.indexOf(EXIF_HEADER, at + 1)) {
    const tiff = at + EXIF_HEADER.length;
    const reader = tiffReader(buffer, tiff);
    if (!reader) continue;
    const gps = entryValue(reader, reader.u32(4), GPS_POINTER);
    // The GPS fields: tag 2 is the latitude, 4 the longitude.
    if (gps !== undefined && (entryValue(reader, gps, 2) !== undefined || entryValue(reader, gps, 4) !== undefined)) return true;
  }
  return false;
}

interface TiffReader {
  u16: (offset: number) => number | undefined;
  u32: (offset: number) => number | undefined;
}

/** Reads numbers of the TIFF structure starting at `start`, in its byte order; undefined past the buffer. */
function tiffReader(buffer: Buffer, start: number): TiffReader | undefined {
  const order = buffer.toString('latin1', start, start + 4);
  const little = order === 'II*\0';
  if (!little && order !== 'MM\0*') return undefined;
  const inside = (offset: number, size: number) => offset >= 0 && start + offset + size <= buffer.length;
  return {
    u16: (offset) => (inside(offset, 2) ? (little ? buffer.readUInt16LE(start + offset) : buffer.readUInt16BE(start + offset)) : undefined),
    u32: (offset) => (inside(offset, 4) ? (little ? buffer.readUInt32LE(start + offset) : buffer.readUInt32BE(start + offset)) : undefined),
  };
}

/** The 4-byte value of the entry with `tag` in the directory at `offset`, or undefined (no such entry, or cut short). */
function entryValue(reader: TiffReader, offset: number | undefined, tag: number): number | undefined {
  if (offset === undefined) return undefined;
  const count = reader.u16(offset);
  if (count === undefined) return undefined;
  // A directory holds a few dozen entries; a count past that is not a directory.
  for (let i = 0; i < Math.min(count, 512); i++) {
    const entry = offset + 2 + i * 12;
    const found = reader.u16(entry);
    if (found === undefined) return undefined;
    if (found === tag) return reader.u32(entry + 8);
  }
  return undefined;
}
