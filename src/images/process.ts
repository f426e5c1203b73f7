// Making the variants of one photo with sharp, or taking them from the cache.
// The cache holds each photo's variants under the hash of its bytes and of how
// they are made, so a build with no new photo does no image work, and the dev
// server, which builds through the same code, shares it.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { writeWhole } from '../../bin/node-module.js';
import { join } from 'node:path';
import { MAX_MEGAPIXELS, nameStem, pictureOf, plannedVariants, type Picture, type Variant } from './picture.ts';
import type { OutputFile } from '../bundle/bundle.ts';
import { keptFile } from '../write/write.ts';

/** Bump when the encoding changes, so cached variants are made again. */
const ENCODING = 1;

const QUALITY = { avif: { quality: 50, effort: 4 }, webp: { quality: 72, effort: 4 }, jpeg: { quality: 75, mozjpeg: true }, png: { compressionLevel: 9, palette: false } } as const;

export type Processed =
  | { ok: true; picture: Picture; files: OutputFile[]; drawn: boolean }
  | { ok: false; problem: 'unreadable'; reason: string }
  | { ok: false; problem: 'too-large'; width: number; height: number };

interface CachedPicture {
  width: number;
  height: number;
  variants: Variant[];
}

/** The variants of the photo `bytes`, named after `path`, from `cacheDir` when made before. */
export async function processPhoto(path: string, bytes: Uint8Array, cacheDir: string): Promise<Processed> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const folder = join(cacheDir, 'images', `${hash.slice(0, 24)}-${ENCODING}-${nameStem(path)}`);
  const cached = fromCache(folder);
  if (cached) return cached;

  const sharp = (await import('sharp')).default;
  let meta: { width: number; height: number; hasAlpha: boolean };
  try {
    const read = await sharp(bytes).metadata();
    if (!read.width || !read.height) throw new Error('it has no size');
    // Phones store photos sideways with an orientation tag: the size that counts is upright.
    const sideways = (read.orientation ?? 1) >= 5;
    meta = { width: sideways ? read.height : read.width, height: sideways ? read.width : read.height, hasAlpha: Boolean(read.hasAlpha) };
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: reasonOf(error) };
  }
  if (meta.width * meta.height > MAX_MEGAPIXELS * 1_000_000) return { ok: false, problem: 'too-large', width: meta.width, height: meta.height };

  const variants = plannedVariants(nameStem(path), hash.slice(0, 10), meta.width, meta.hasAlpha);
  let files: { path: string; contents: Uint8Array }[];
  try {
    // Upright, without the camera's metadata (sharp drops it unless asked: no GPS position leaves the build).
    const upright = sharp(bytes, { limitInputPixels: MAX_MEGAPIXELS * 1_000_000 }).rotate();
    files = await Promise.all(
      variants.map(async (v) => {
        const resized = upright.clone().resize({ width: v.width, withoutEnlargement: true });
        const encoded = v.format === 'avif' ? resized.avif(QUALITY.avif) : v.format === 'webp' ? resized.webp(QUALITY.webp) : v.format === 'jpeg' ? resized.jpeg(QUALITY.jpeg) : resized.png(QUALITY.png);
        return { path: v.path, contents: new Uint8Array(await encoded.toBuffer()) };
      }),
    );
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: reasonOf(error) };
  }
  await intoCache(folder, { width: meta.width, height: meta.height, variants }, files);
  return { ok: true, picture: pictureOf(variants, meta), files, drawn: true };
}

/**
 * The variants made by an earlier build: not read, only found (the writer links them into the
 * output, see keptFile), so a warm build neither holds nor copies a site's photos. Synchronous: a
 * few small reads, which need no turn of the event loop while the rules run.
 */
function fromCache(folder: string): Processed | undefined {
  try {
    const saved = JSON.parse(readFileSync(join(folder, 'picture.json'), 'utf8')) as CachedPicture;
    const files = saved.variants.map((v) => {
      const file = join(folder, v.path.split('/').pop()!);
      return keptFile(v.path, { file, size: statSync(file).size });
    });
    return { ok: true, picture: pictureOf(saved.variants, saved), files, drawn: false };
  } catch {
    return undefined;
  }
}

/**
 * Each file is written whole, and picture.json last: the cache is read only through it, so a
 * killed build never leaves half a photo that a later build would take for whole.
 */
async function intoCache(folder: string, saved: CachedPicture, files: { path: string; contents: Uint8Array }[]): Promise<void> {
  try {
    await Promise.all(files.map((f) => writeWhole(join(folder, f.path.split('/').pop()!), f.contents)));
    await writeWhole(join(folder, 'picture.json'), JSON.stringify(saved));
  } catch {
    // The cache cannot be written: the build goes on without it.
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.replace(/^Input (buffer|file) /, '').slice(0, 160);
}
