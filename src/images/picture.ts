// What a template gets for an image an editor named: the variants the build
// made and how to ask for them. Pure: which widths, which names, which srcset.
import type { FieldPath } from '../validate/yaml.ts';
import type { Picture } from '../contracts/picture.ts';

export type { Picture };

/** Widths a photo is made at, when it is at least that wide: phones, tablets, laptops, large screens. */
export const WIDTHS = [400, 800, 1200, 1600] as const;

/** No image over this many pixels is read: a 40 MP file is already bigger than any phone's photo. */
export const MAX_MEGAPIXELS = 40;

/** The widths to make from a source `width` pixels wide: never wider than the source. */
export function widthsFor(width: number): number[] {
  return width >= WIDTHS.at(-1)! ? [...WIDTHS] : [...WIDTHS.filter((w) => w < width), width];
}

/** The height at `width` of an image `source` in size, rounded as the encoder rounds it. */
export function heightAt(width: number, source: { width: number; height: number }): number {
  return Math.max(1, Math.round((source.height * width) / source.width));
}

/**
 * A clean, stable base for the output names from whatever the editor called
 * the file (`IMG_2041 Heated Floor.JPG` → `img-2041-heated-floor`).
 */
export function nameStem(path: string): string {
  const base = path
    .split('/')
    .pop()!
    .replace(/\.[^.]*$/, '');
  const clean = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return clean || 'image';
}

/** One file the build writes for an image. */
export interface Variant {
  width: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
  /** Path inside the output folder. */
  path: string;
}

const TYPES: Record<Variant['format'], string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
const EXTENSIONS: Record<Variant['format'], string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** The files to make for a photo: every width in AVIF, WebP and the fallback (PNG when it has transparency, else JPEG). */
export function plannedVariants(stem: string, hash: string, width: number, transparent: boolean): Variant[] {
  const fallback = transparent ? 'png' : 'jpeg';
  return (['avif', 'webp', fallback] as const).flatMap((format) =>
    widthsFor(width).map((w) => ({ width: w, format, path: `assets/images/${stem}-${hash}-${w}.${EXTENSIONS[format]}` })),
  );
}

/** The picture of made variants of an image `size` in size. */
export function pictureOf(variants: readonly Variant[], size: { width: number; height: number }): Picture {
  const srcset = (format: Variant['format']) =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `/${v.path} ${v.width}w`)
      .join(', ');
  const fallback = variants.find((v) => v.format === 'jpeg' || v.format === 'png')!.format;
  const largest = variants.filter((v) => v.format === fallback).at(-1)!;
  return {
    src: `/${largest.path}`,
    width: largest.width,
    height: heightAt(largest.width, size),
    type: TYPES[fallback],
    srcset: srcset(fallback),
    sources: (['avif', 'webp'] as const).map((format) => ({ type: TYPES[format], srcset: srcset(format) })),
  };
}

/** An image named in content, with where it is named. */
export interface ImageRef {
  /** As written: a path under static/, e.g. `/images/blog/IMG_2041 Heated Floor.JPG`. */
  path: string;
  file: string;
  field: FieldPath;
}

/** The path on the site an image's address names, decoded (`/images/IMG%202041.JPG` → `/images/IMG 2041.JPG`); none for another site's. */
export function sitePath(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const path = href.split(/[?#]/)[0]!;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
