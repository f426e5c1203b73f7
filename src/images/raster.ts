// Which files under static/ are raster pictures, told by their first bytes and
// never by their name alone: a phone's photo renamed `notes.txt`, or a PNG
// saved as `.jpg`, carries its camera data (EXIF with the GPS position, XMP,
// IPTC) all the same. Such a file reaches the output only through sharp, which
// writes none of that data. Pure, except `strippedCopy`, which encodes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importModule, keepWhole } from '../node-module.js';
import { MAX_MEGAPIXELS } from './picture.ts';
import { contentHash } from '../digest.ts';

/** `unknown`: named like a picture (`.jpg`, `.heic`…) but its bytes are none the build knows, so it cannot be cleaned either. */
export type RasterFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif' | 'tiff' | 'jxl' | 'unknown';

/** Names of raster pictures, for a file whose bytes say nothing (cut short, or behind a prefix): still never published as it is. */
const RASTER_NAME = /\.(?:jpe?g|jfif|pjpeg|pjp|png|apng|gif|webp|avif|heic|heif|tiff?|jxl|dng|raw|cr2|nef|arw)$/i;

/** The raster format of a static file: by its bytes, else by its name (`unknown`), else undefined. */
export function rasterKind(name: string, bytes: Uint8Array): RasterFormat | undefined {
  return rasterFormat(bytes) ?? (RASTER_NAME.test(name) ? 'unknown' : undefined);
}

/** ISO media file brands of still pictures (AVIF, HEIC/HEIF); a video's brands (isom, mp42, qt) are not among them. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'mif2']);

/** The raster format `bytes` are in, from their signature; undefined for anything else (text, SVG, fonts, video). */
export function rasterFormat(bytes: Uint8Array): RasterFormat | undefined {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const text = (offset: number, length: number) => Buffer.from(bytes.subarray(offset, offset + length)).toString('latin1');
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'gif';
  if (text(0, 4) === 'RIFF' && text(8, 4) === 'WEBP') return 'webp';
  if (at(0, 0x49, 0x49, 0x2a, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2a) || at(0, 0x49, 0x49, 0x2b, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2b)) return 'tiff';
  if (at(0, 0xff, 0x0a) || at(0, 0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a)) return 'jxl';
  if (text(4, 4) === 'ftyp') {
    // The major brand, then the compatible ones, up to the end of the ftyp box.
    const size = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length, 256);
    const brands = [text(8, 4)];
    for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(text(offset, 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heif';
  }
  return undefined;
}

/** Formats a browser shows and sharp writes, so a plainly linked file can be published in its own format. */
const WRITABLE: Partial<Record<RasterFormat, true>> = { jpeg: true, png: true, gif: true, webp: true, avif: true, tiff: true };

/** Bump when the encoding below changes, so cached copies are made again. */
const ENCODING = 1;

export type Stripped = { ok: true; contents: Buffer } | { ok: false; reason: string };

/**
 * The picture `bytes` (in `format`) encoded again in its own format, upright and without its metadata,
 * for a file a page links by its path (`/images/share.png`) rather than names in an image field: the
 * address keeps working and the camera data stays behind. Kept in `cacheDir` under the hash of the bytes.
 */
export async function strippedCopy(bytes: Uint8Array, format: RasterFormat, cacheDir: string): Promise<Stripped> {
  if (format === 'unknown')
    return { ok: false, reason: 'its bytes are not a picture in any format the build reads; export it again as JPEG, PNG, WebP or AVIF' };
  if (!WRITABLE[format]) return { ok: false, reason: `a ${format.toUpperCase()} file is not one browsers show; export it as JPEG, PNG, WebP or AVIF` };
  const hash = contentHash(bytes);
  const file = join(cacheDir, 'images', `${hash.slice(0, 24)}-${ENCODING}-stripped.${format}`);
  try {
    return { ok: true, contents: readFileSync(file) };
  } catch {
    // Not made before.
  }
  try {
    const sharp = (await importModule<typeof import('sharp')>('sharp')).default;
    const limitInputPixels = MAX_MEGAPIXELS * 1_000_000;
    const pages = (await sharp(bytes, { limitInputPixels }).metadata()).pages ?? 1;
    // An animation keeps its frames; a still photo is turned upright first, since its orientation tag goes with the rest.
    const image = pages > 1 ? sharp(bytes, { animated: true, limitInputPixels }) : sharp(bytes, { limitInputPixels }).rotate();
    const encoded =
      format === 'jpeg' ? image.jpeg({ quality: 90, mozjpeg: true }) : format === 'png' ? image.png({ compressionLevel: 9 }) : image.toFormat(format);
    const contents = await encoded.toBuffer();
    await keepWhole(file, contents);
    return { ok: true, contents };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: message
        .split('\n')[0]!
        .replace(/^Input (buffer|file) /, '')
        .slice(0, 160),
    };
  }
}

/** A data: URI's base64 payload in text (an SVG's <image href>, a stylesheet's url()); line breaks may run through it. */
// Each part can be read one way only, so a long run of letters after data: is read once, not tried in every split.
const DATA_URI = /data:[\w.+-]*(?:\/[\w.+-]*)?(?:;[\w.+-]+(?:=[\w.+-]*)?)*;base64,([A-Za-z0-9+/=\s]+)/gi;

/**
 * A text file of static/ (a drawing, a stylesheet, a page) with every raster picture it carries inside
 * as a data: URI encoded again without its metadata: a photo pasted into an SVG keeps its EXIF and GPS
 * position there, out of sight. `undefined` when it carries none (the file is published as it is).
 */
export async function withEmbeddedStripped(bytes: Uint8Array, cacheDir: string): Promise<Stripped | undefined> {
  // Looked for in the raw bytes first: nearly every file has no data: URI at all.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(';base64,') === -1) return undefined;
  const text = Buffer.from(bytes).toString('latin1');
  const pieces: (string | Promise<Stripped>)[] = [];
  let last = 0;
  for (const match of text.matchAll(DATA_URI)) {
    const payload = match[1]!;
    const decoded = Buffer.from(payload.replace(/\s+/g, ''), 'base64');
    const format = rasterFormat(decoded);
    if (!format) continue;
    const start = match.index + match[0].length - payload.length;
    // What follows the payload's last base64 character (a quote, a line break) stays as it was.
    const end = start + payload.trimEnd().length;
    pieces.push(text.slice(last, start), strippedCopy(decoded, format, cacheDir));
    last = end;
  }
  if (pieces.length === 0) return undefined;
  const parts: string[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      parts.push(piece);
      continue;
    }
    const copy = await piece;
    if (!copy.ok) return { ok: false, reason: `a picture inside it: ${copy.reason}` };
    parts.push(copy.contents.toString('base64'));
  }
  parts.push(text.slice(last));
  return { ok: true, contents: Buffer.from(parts.join(''), 'latin1') };
}
