// The picture each page shows when it is shared (og:image, twitter:image), 1200
// by 630: the theme draws it as SVG from the page (its title, the business, a
// phone), or names an image of the site to show cropped to that shape (an article's
// illustration or photo). sharp turns either into a PNG, once per distinct
// drawing: cards are cached by their content, so a build where no title changed
// draws none.
import { statSync } from 'node:fs';
import { importModule, keepWhole } from '../node-module.js';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { PageEntry, SiteModel } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import type { ShareCard, ShareCardSpec, Theme } from '../contracts/theme.ts';
import type { OutputFile } from '../bundle/bundle.ts';
import { keptFile, type KeptBytes } from '../write/write.ts';
import { SHARE_CARDS, type MediaJob } from '../contracts/media-job.ts';
import { contentHash } from '../digest.ts';
import type { CardFacts, KeptCards } from './kept-cards.ts';
import { machineFonts } from './fonts.ts';

export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** Bump when the drawing changes, so cached cards are drawn again (2: full colour, no palette). */
const DRAWING = 2;

/** Cards drawn at once: each holds a few megabytes of pixels while it is drawn. */
const AT_ONCE = 8;

export interface ShareCards {
  /** By route. */
  cards: Record<string, ShareCard>;
  files: OutputFile[];
  diagnostics: Diagnostic[];
  drawn: number;
  cached: number;
  /** With `defer`: the cards the cache lacks, to draw after the render. */
  later: MediaJob[];
}

/**
 * `pictures`: the images the images stage could read; a card is cut only from one of those (the others are reported there).
 * `defer`: cards the cache lacks are named but not drawn (see MediaJob). `kept`: the cards the last `site build` named,
 * by page (kept-cards.ts): a page's kept card is named without drawing it as SVG, and this build's are kept in turn.
 */
export async function shareCards(
  model: SiteModel,
  theme: Theme,
  pictures: Readonly<Record<string, unknown>>,
  cacheDir: string,
  options: { defer?: boolean; kept?: KeptCards } = {},
): Promise<ShareCards> {
  const result: ShareCards = { cards: {}, files: [], diagnostics: [], drawn: 0, cached: 0, later: [] };
  if (!theme.shareCard) return result;
  const statics = new Map(model.statics.map((s) => [s.route, s.contents]));
  // Two pages with the same card share one drawing, and in site dev one job.
  const made = new Map<string, Promise<Card | undefined>>();
  const deferred = new Map<string, Deferred>();
  const { kept } = options;
  const specOf = specsFor(theme.shareCard)(model.site);
  const queue = wantedCards(model, specOf, kept);
  const sourceOf = (spec: ShareCardSpec) => ('svg' in spec ? Buffer.from(spec.svg) : pictures[spec.image] ? statics.get(spec.image) : undefined);
  const work = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { route, where } = next;
      const named = nameCard(next, { made, cacheDir, specOf, sourceOf, kept });
      if (!named) continue;
      const { format, key, path, alt, source, keptCard } = named;
      result.cards[route] = { src: `/${path}`, ...CARD_SIZE, alt };
      const waiting = deferred.get(key);
      if (waiting) {
        waiting.paths.push({ path, where, route });
        continue;
      }
      if (!made.has(key)) {
        const cached = keptCard ?? cachedCard(format, key, cacheDir);
        if (!cached && options.defer) {
          deferred.set(key, { source: source!, format, paths: [{ path, where, route }] });
          continue;
        }
        if (cached) result.cached++;
        made.set(
          key,
          cached
            ? Promise.resolve(cached)
            : drawCard(source!, format, key, cacheDir).then((card) => {
                if (card) result.drawn++;
                return card;
              }),
        );
      }
      const card = await made.get(key);
      if (!card) {
        delete result.cards[route];
        result.diagnostics.push(diagnostic('share-card', where(), { route }));
        continue;
      }
      result.files.push(cardFile(path, card));
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, work));
  result.later.push(...[...deferred].map(([key, card]) => laterCard(key, card, cacheDir)));
  result.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return result;
}

/** A card's format, its key in the cache and its path in the output. The name depends on the source only, so a page can name its card before it is drawn. */
function cardName(spec: ShareCardSpec, source: Uint8Array, route: string): { format: 'png' | 'jpeg'; key: string; path: string } {
  // Drawings stay sharp as PNG; a photo is a JPEG, as a photo should be.
  const format = 'svg' in spec || /\.svg$/i.test(spec.image) ? 'png' : 'jpeg';
  const key = 'svg' in spec ? drawingKey(spec) : contentHash(keyPrefix(format), source);
  return { format, key, path: cardPath(route, key, format) };
}

/**
 * A page's card named: as kept, when the cache has its drawing (`keptCard`) or this build makes it, else as the theme
 * draws it now (`source`), kept for the next build when it is a drawing. Undefined when the page has no card.
 */
function nameCard(
  wanted: Wanted,
  how: {
    made: ReadonlyMap<string, unknown>;
    cacheDir: string;
    specOf: (page: PageEntry) => ShareCardSpec | undefined;
    sourceOf: (spec: ShareCardSpec) => Uint8Array | undefined;
    kept: KeptCards | undefined;
  },
): (CardFacts & { path: string; source?: Uint8Array; keptCard?: Card }) | undefined {
  const { page, route, known } = wanted;
  const keptCard = known && !how.made.has(known.key) ? cachedCard(known.format, known.key, how.cacheDir) : undefined;
  if (known && (keptCard || how.made.has(known.key))) return { ...known, path: cardPath(route, known.key, known.format), keptCard };
  const spec = wanted.spec ?? how.specOf(page);
  const source = spec && how.sourceOf(spec);
  if (!spec || !source) return undefined;
  const { format, key, path } = cardName(spec, source, route);
  if ('svg' in spec) how.kept?.keep(page, { format, key, alt: spec.alt });
  return { format, key, path, alt: spec.alt, source };
}

/** A card's path in the output. */
function cardPath(route: string, key: string, format: 'png' | 'jpeg'): string {
  return `assets/share/${routeStem(route)}-${key.slice(0, 10)}.${format === 'png' ? 'png' : 'jpg'}`;
}

/** A drawing's key, once per drawing (a page's spec is kept while its page is: specsFor). */
const drawingKey = perObject((spec: { svg: string }) => contentHash(keyPrefix('png'), Buffer.from(spec.svg)));

/** What a card's key holds beside its source: the drawing's version, the format and, for SVG (drawn as PNG), whose text is set in the machine's fonts (fonts.ts), those fonts. */
function keyPrefix(format: 'png' | 'jpeg'): string {
  return `${DRAWING}\0${format}\0${format === 'png' ? machineFonts() : ''}`;
}

/** Where a card's problem is reported: at the field its title is drawn from. */
type Where = () => { file: string; line: number; column: number };

/** A card the cache lacks, left for after the reload, and the pages that name it. */
interface Deferred {
  source: Uint8Array;
  format: 'png' | 'jpeg';
  paths: { path: string; where: Where; route: string }[];
}

/** A page's card: kept (`known`), or as the theme draws it (`spec`), with where to report it. */
interface Wanted {
  page: PageEntry;
  route: string;
  where: Where;
  known?: CardFacts;
  spec?: ShareCardSpec;
}

/** Each page's card, in route order: a kept one named, else drawn (as SVG) by the theme; a page the theme draws none for has none. */
function wantedCards(model: SiteModel, specOf: (page: PageEntry) => ShareCardSpec | undefined, kept: KeptCards | undefined): Wanted[] {
  return model.pages.flatMap((page): Wanted[] => {
    const where = () => ({ file: page.file, ...page.source.locate([page.head.titleField]) });
    const known = kept?.known(page);
    if (known) return [{ page, route: page.route, where, known }];
    const spec = specOf(page);
    return spec ? [{ page, route: page.route, where, spec }] : [];
  });
}

type Draw = NonNullable<Theme['shareCard']>;

/**
 * Each page's card as the theme draws it, once per page entry, site and theme: the dev server keeps the entries of
 * the pages an edit did not touch, whose cards are then not drawn (as SVG) again on every rebuild.
 */
const specsFor = perObject((draw: Draw) =>
  perObject((site: SiteModel['site']) =>
    perObject((page: PageEntry) => draw({ site, route: page.route, title: page.head.title, template: page.template, page: page.data })),
  ),
);

/** A deferred card as a job: drawn once, written at every page's name for it. */
function laterCard(key: string, { source, format, paths }: Deferred, cacheDir: string): MediaJob {
  return {
    group: SHARE_CARDS,
    paths: paths.map((p) => p.path),
    async make() {
      const card = await drawCard(source, format, key, cacheDir);
      if (!card) return { files: [], diagnostics: paths.map((p) => diagnostic('share-card', p.where(), { route: p.route })) };
      return { files: paths.map((p) => cardFile(p.path, card)), diagnostics: [] };
    },
  };
}

/** A file name from a route: `/` → `home`, `/services/wiring` → `services-wiring`. */
export function routeStem(route: string): string {
  return route === '/'
    ? 'home'
    : route
        .slice(1)
        .replace(/[^a-z0-9]+/gi, '-')
        .toLowerCase()
        .slice(0, 60);
}

/** A card drawn by an earlier build is kept in the cache, and linked from there into the output; a new one is in memory. */
type Card = { kept: KeptBytes } | { drawn: Uint8Array };

function cardFile(path: string, card: Card): OutputFile {
  return 'kept' in card ? keptFile(path, card.kept) : { path, contents: card.drawn };
}

function cacheFile(format: 'png' | 'jpeg', key: string, cacheDir: string): string {
  return join(cacheDir, 'cards', `${key.slice(0, 32)}.${format}`);
}

/** The card drawn by an earlier build: not read, only its size (an empty file is drawn again). */
function cachedCard(format: 'png' | 'jpeg', key: string, cacheDir: string): Card | undefined {
  const file = cacheFile(format, key, cacheDir);
  try {
    const { size, dev, ino } = statSync(file, { bigint: true });
    return size > 0n ? { kept: { file, size: Number(size), identity: `${dev}:${ino}` } } : undefined;
  } catch {
    // Not drawn yet, or the cache is not a folder.
    return undefined;
  }
}

async function drawCard(source: Uint8Array, format: 'png' | 'jpeg', key: string, cacheDir: string): Promise<Card | undefined> {
  const sharp = (await importModule<typeof import('sharp')>('sharp')).default;
  let png: Uint8Array;
  try {
    // A drawing is drawn at its size; an image is cropped to the card's shape around its middle.
    const image = sharp(source, { density: 72 })
      .rotate()
      .resize({ ...CARD_SIZE, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' });
    png = new Uint8Array(
      // Full colour, not a palette: the quantizer's dithering starts from the C library's random numbers, which every
      // card drawn at the same time draws from, so a card came out a few pixels different from one build to another
      // (about one build in twenty of the real site). Full colour is the drawing exactly, encoded in half the time, at
      // twice the bytes (31 kB a card on average), which only link previews fetch.
      await (format === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 80, mozjpeg: true })).toBuffer(),
    );
  } catch {
    return undefined;
  }
  // Written whole, so a killed build never leaves half a card; a cache that cannot be written costs only speed.
  await keepWhole(cacheFile(format, key, cacheDir), png);
  return { drawn: png };
}
