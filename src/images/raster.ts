// Which files under static/ are raster pictures, told by their first bytes and
// never by their name alone: a phone's photo renamed `notes.txt`, or a PNG
// saved as `.jpg`, carries its camera data (EXIF with the GPS position, XMP,
// IPTC) all the same. Such a file reaches the output only through sharp, which
// writes none of that data. Pure, except `strippedCopy`, which encodes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeWhole } from '../../bin/node-module.js';
import { MAX_MEGAPIXELS } from './picture.ts';

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
  if (format === 'unknown') return { ok: false, reason: 'its bytes are not a picture in any format the build reads; export it again as JPEG, PNG, WebP or AVIF' };
  if (!WRITABLE[format]) return { ok: false, reason: `a ${format.toUpperCase()} file is not one browsers show; export it as JPEG, PNG, WebP or AVIF` };
  const hash = createHash('sha256').update(bytes).digest('hex');
  const file = join(cacheDir, 'images', `${hash.slice(0, 24)}-${ENCODING}-stripped.${format}`);
  try {
    return { ok: true, contents: readFileSync(file) };
  } catch {
    // Not made before.
  }
  try {
    const sharp = (await import('sharp')).default;
    const limitInputPixels = MAX_MEGAPIXELS * 1_000_000;
    const pages = (await sharp(bytes, { limitInputPixels }).metadata()).pages ?? 1;
    // An animation keeps its frames; a still photo is turned upright first, since its orientation tag goes with the rest.
    const image = pages > 1 ? sharp(bytes, { animated: true, limitInputPixels }) : sharp(bytes, { limitInputPixels }).rotate();
    const encoded = format === 'jpeg' ? image.jpeg({ quality: 90, mozjpeg: true }) : format === 'png' ? image.png({ compressionLevel: 9 }) : image.toFormat(format);
    const contents = await encoded.toBuffer();
    await writeWhole(file, contents).catch(() => {});
    return { ok: true, contents };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: message.split('\n')[0]!.replace(/^Input (buffer|file) /, '').slice(0, 160) };
  }
}
