// Making the variants of one photo with sharp, or taking them from the cache.
// The cache holds each photo's variants under the hash of its bytes and of how
// they are made, so a build with no new photo does no image work, and the dev
// server, which builds through the same code, shares it.
import { readFileSync, statSync } from 'node:fs';
import { importModule, keepWhole } from '../node-module.js';
import { join } from 'node:path';
import { MAX_MEGAPIXELS, nameStem, pictureOf, plannedVariants, type Picture, type Variant } from './picture.ts';
import type { OutputFile } from '../bundle/bundle.ts';
import { keptFile } from '../write/write.ts';
import type { MediaJob } from '../contracts/media-job.ts';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { contentHash } from '../digest.ts';

/** Bump when the encoding changes, so cached variants are made again. */
const ENCODING = 1;

const QUALITY = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9, palette: false },
} as const;

export type Problem = { ok: false; problem: 'unreadable'; reason: string } | { ok: false; problem: 'too-large'; width: number; height: number };

/** A photo's variants, made now (`drawn`) or found in the cache. */
export type Made = { ok: true; picture: Picture; files: OutputFile[]; drawn: boolean };

export type Processed = Made | Problem;

/**
 * A photo read but not made yet: its picture is known from its size alone (every variant's name and
 * width), so pages can be rendered before its variants exist (the dev server does, see `deferMedia`).
 */
export interface PhotoPlan {
  picture: Picture;
  variants: Variant[];
  /** Makes one variant. */
  encode(variant: Variant): Promise<OutputFile>;
  /** Marks the photo whole in the cache, once every variant is made (each is kept as it is made). */
  save(): Promise<void>;
  /** A quick, small JPEG of the photo to show until its variants are made. */
  standIn(): Promise<Uint8Array>;
}

export type Planned = { ok: true; cached: Made } | { ok: true; plan: PhotoPlan } | Problem;

interface CachedPicture {
  width: number;
  height: number;
  variants: Variant[];
}

/** The variants of the photo `bytes`, named after `path`, from `cacheDir` when made before. */
export async function processPhoto(path: string, bytes: Uint8Array, cacheDir: string): Promise<Processed> {
  const planned = await planPhoto(path, bytes, cacheDir);
  if (!planned.ok) return planned;
  if ('cached' in planned) return planned.cached;
  const { plan } = planned;
  let files: OutputFile[];
  try {
    files = await Promise.all(plan.variants.map((v) => plan.encode(v)));
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: reasonOf(error) };
  }
  await plan.save();
  return { ok: true, picture: plan.picture, files, drawn: true };
}

/** The photo `bytes` from the cache when made before, else read (its size only) and planned. */
export async function planPhoto(path: string, bytes: Uint8Array, cacheDir: string): Promise<Planned> {
  const hash = contentHash(bytes);
  const folder = join(cacheDir, 'images', `${hash.slice(0, 24)}-${ENCODING}-${nameStem(path)}`);
  const cached = fromCache(folder);
  if (cached) return { ok: true, cached };

  const sharp = (await importModule<typeof import('sharp')>('sharp')).default;
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
  // Upright, without the camera's metadata (sharp drops it unless asked: no GPS position leaves the build).
  const upright = () => sharp(bytes, { limitInputPixels: MAX_MEGAPIXELS * 1_000_000 }).rotate();
  return {
    ok: true,
    plan: {
      picture: pictureOf(variants, meta),
      variants,
      async encode(v) {
        const kept = join(folder, v.path.split('/').pop()!);
        // Made by a build that stopped before the last variant (a new build came first in site dev).
        const before = readWhole(kept);
        if (before) return { path: v.path, contents: before };
        const resized = upright().resize({ width: v.width, withoutEnlargement: true });
        const encoded =
          v.format === 'avif'
            ? resized.avif(QUALITY.avif)
            : v.format === 'webp'
              ? resized.webp(QUALITY.webp)
              : v.format === 'jpeg'
                ? resized.jpeg(QUALITY.jpeg)
                : resized.png(QUALITY.png);
        const contents = new Uint8Array(await encoded.toBuffer());
        // Written whole as it is made; read as the cache only once picture.json says every variant is there.
        await keepWhole(kept, contents);
        return { path: v.path, contents };
      },
      save: () => intoCache(folder, { width: meta.width, height: meta.height, variants }),
      // A JPEG decoder can shrink while it reads, so this takes a fraction of a full variant's time.
      standIn: async () =>
        new Uint8Array(
          await upright()
            .resize({ width: Math.min(STAND_IN_WIDTH, meta.width), withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 60 })
            .toBuffer(),
        ),
    },
  };
}

/**
 * As processPhoto, but a photo the cache lacks is only planned: its files are for now one stand-in at
 * every variant's name, and `later` makes the variants, one job each (the last marks them whole in the cache).
 */
export async function deferredPhoto(
  path: string,
  bytes: Uint8Array,
  cacheDir: string,
  unreadable: (reason: string) => Diagnostic[],
): Promise<(Made & { later: MediaJob[] }) | Problem> {
  const planned = await planPhoto(path, bytes, cacheDir);
  if (!planned.ok) return planned;
  if ('cached' in planned) return { ...planned.cached, later: [] };
  const { plan } = planned;
  let standIn: Uint8Array;
  try {
    standIn = await plan.standIn();
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: reasonOf(error) };
  }
  let left = plan.variants.length;
  const later = plan.variants.map((v): MediaJob => ({
    group: path,
    paths: [v.path],
    async make() {
      let file: OutputFile;
      try {
        file = await plan.encode(v);
      } catch (error) {
        // Its stand-in was read, so this is rare (a decoder that reads less of a file at a small size): said where the photo is named.
        return { files: [], diagnostics: unreadable(reasonOf(error)) };
      }
      if (--left === 0) await plan.save();
      return { files: [file], diagnostics: [] };
    },
  }));
  return { ok: true, picture: plan.picture, files: plan.variants.map((v) => ({ path: v.path, contents: standIn })), drawn: true, later };
}

/** The stand-in's width: enough to recognise the photo in a page being edited. */
const STAND_IN_WIDTH = 640;

/**
 * The variants made by an earlier build: not read, only found (the writer links them into the
 * output, see keptFile), so a warm build neither holds nor copies a site's photos. Synchronous: a
 * few small reads, which need no turn of the event loop while the rules run.
 */
function fromCache(folder: string): Made | undefined {
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
 * picture.json is written last, once every variant is in the folder: the cache is read only through it,
 * so a killed build never leaves half a photo that a later build would take for whole.
 */
async function intoCache(folder: string, saved: CachedPicture): Promise<void> {
  await keepWhole(join(folder, 'picture.json'), JSON.stringify(saved));
}

/** A whole file's bytes, or undefined when it is missing or empty. */
function readWhole(file: string): Uint8Array | undefined {
  try {
    const bytes = readFileSync(file);
    return bytes.byteLength > 0 ? new Uint8Array(bytes) : undefined;
  } catch {
    return undefined;
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split('\n')[0]!
    .replace(/^Input (buffer|file) /, '')
    .slice(0, 160);
}
