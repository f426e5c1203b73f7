// The site's icons, all made from one square SVG the theme names (client.icon):
// the SVG itself for browsers that take it, and PNGs at the sizes platforms ask
// for (a 32 px favicon, the 180 px home-screen icon of iPhones, 192 and 512 px
// for the web app manifest, and a 512 px "maskable" one that Android may crop to
// a circle). sharp draws them. They are cached by the source's bytes and the
// background, so a build with an unchanged icon does no image work.
import { readFile } from 'node:fs/promises';
import { importModule, keepWhole } from '../node-module.js';
import { join } from 'node:path';
import type { IconLink } from '../contracts/theme.ts';
import { contentHash } from '../digest.ts';
// sharp (a native library) is loaded only when icons have to be drawn: a build from the cache never loads it.
type Sharp = typeof import('sharp').default;

/** One icon file: where it goes in the output and how it is drawn. */
interface IconKind {
  path: string;
  size: number;
  /** Drawn on the background colour, the icon shrunk by this share on each side (platforms that fill transparency with black, or crop). */
  inset?: number;
  /** How the page head links it, if it does. */
  rel?: 'icon' | 'apple-touch-icon';
  /** How the manifest lists it, if it does. */
  purpose?: 'any' | 'maskable';
}

const KINDS: readonly IconKind[] = [
  { path: 'icon-32.png', size: 32, rel: 'icon' },
  { path: 'apple-touch-icon.png', size: 180, inset: 0.1, rel: 'apple-touch-icon' },
  { path: 'icon-192.png', size: 192, purpose: 'any' },
  { path: 'icon-512.png', size: 512, purpose: 'any' },
  // The maskable safe zone is the central circle of 80% diameter.
  { path: 'icon-maskable-512.png', size: 512, inset: 0.15, purpose: 'maskable' },
];

/** Bump when the drawing changes, so cached icons are made again. */
const DRAWING = 1;

/** What the icons give the page head and the manifest. */
export interface Icons {
  /** Links for the head, in order: the SVG first, so browsers that draw SVG take it. */
  links: IconLink[];
  /** The manifest's `icons` member. */
  manifest: ManifestIcon[];
}

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

export interface IconFiles {
  icons: Icons;
  files: { path: string; contents: Uint8Array }[];
}

/** Why an icon source could not be drawn: said at the theme file that names it. */
export class IconProblem extends Error {}

/**
 * Draws the icons of `sourceFile` (an SVG, relative to `root`) on `background`,
 * from the cache in `cacheDir` when they were drawn before.
 */
export async function makeIcons(root: string, sourceFile: string, background: string, cacheDir: string): Promise<IconFiles> {
  let svg: Buffer;
  try {
    svg = await readFile(join(root, sourceFile));
  } catch {
    throw new IconProblem(`the icon ${sourceFile} does not exist`);
  }
  const key = contentHash(svg, `\0${background}\0${DRAWING}`).slice(0, 20);
  const folder = join(cacheDir, `icons-${key}`);
  const drawn = (await fromCache(folder)) ?? (await draw(svg, sourceFile, background, folder));
  const files = [{ path: 'favicon.svg', contents: new Uint8Array(svg) }, ...KINDS.map((kind, i) => ({ path: kind.path, contents: drawn[i]! }))];
  return { icons: iconList(), files };
}

function iconList(): Icons {
  return {
    links: [
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      ...KINDS.filter((k) => k.rel).map((k): IconLink => ({
        rel: k.rel!,
        href: `/${k.path}`,
        ...(k.rel === 'icon' ? { type: 'image/png', sizes: `${k.size}x${k.size}` } : {}),
      })),
    ],
    manifest: KINDS.filter((k) => k.purpose).map((k) => ({ src: `/${k.path}`, sizes: `${k.size}x${k.size}`, type: 'image/png', purpose: k.purpose! })),
  };
}

async function fromCache(folder: string): Promise<Uint8Array[] | undefined> {
  try {
    return await Promise.all(KINDS.map(async (kind) => new Uint8Array(await readFile(join(folder, kind.path)))));
  } catch {
    return undefined;
  }
}

async function draw(svg: Buffer, sourceFile: string, background: string, folder: string): Promise<Uint8Array[]> {
  const sharp = (await importModule<typeof import('sharp')>('sharp')).default;
  let width: number | undefined;
  try {
    const meta = await sharp(svg).metadata();
    if (meta.format !== 'svg') throw new Error(meta.format);
    width = meta.width;
  } catch {
    throw new IconProblem(`the icon ${sourceFile} is not an SVG image that can be drawn`);
  }
  const drawn = await Promise.all(KINDS.map((kind) => drawOne(sharp, svg, width ?? 512, kind, background)));
  // Each file is written whole; one that a killed build left out makes the next build draw them all again.
  // A cache that cannot be written costs only speed.
  await Promise.all(KINDS.map((kind, i) => keepWhole(join(folder, kind.path), drawn[i]!)));
  return drawn;
}

async function drawOne(sharp: Sharp, svg: Buffer, width: number, kind: IconKind, background: string): Promise<Uint8Array> {
  const inner = Math.round(kind.size * (1 - 2 * (kind.inset ?? 0)));
  // An SVG is drawn at 72 dpi by default: ask for the density that gives the wanted size, so it is drawn sharp, not scaled up.
  const density = Math.max(1, Math.min(2400, (72 * inner) / width));
  let image = sharp(svg, { density }).resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } });
  if (kind.inset !== undefined) {
    const edge = Math.floor((kind.size - inner) / 2);
    image = sharp(await image.png().toBuffer())
      .extend({ top: edge, left: edge, bottom: kind.size - inner - edge, right: kind.size - inner - edge, background })
      .flatten({ background });
  }
  return new Uint8Array(await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer());
}
