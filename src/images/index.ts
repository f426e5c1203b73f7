// The images stage (see the steps in src/build.ts): every image content names in
// a field the theme marks as one (`contentMediaType: 'image/…'`) is checked
// and, when it is a photo, made into AVIF, WebP and JPEG (or PNG) variants at a
// few widths, named by their content. Templates get a `Picture` for each path
// as written; drawings (SVG) are served as they are, with their real size.
// Any other raster picture under static/ (told by its bytes, see raster.ts)
// never reaches the output as it is: one a published page links by its path is
// encoded again without its metadata, and one nothing published uses is left
// out, with a warning at its file (a draft's photos wait for the draft).
import type { TSchema } from '@sinclair/typebox';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { allPages, isMarkdownPage, type PageEntry, type SiteModel, type StaticEntry } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import type { Theme } from '../contracts/theme.ts';
import type { OutputFile } from '../bundle/bundle.ts';
import { formatPath } from '../validate/json-schema.ts';
import type { FieldPath } from '../validate/yaml.ts';
import { imageFields } from './fields.ts';
import { MAX_MEGAPIXELS, sitePath, type Picture } from './picture.ts';
import { deferredPhoto, processPhoto, type Made, type Problem } from './process.ts';
import type { MediaJob } from '../contracts/media-job.ts';
import { linksOfBody, walk } from '../rules/link-sources.ts';
import { rasterKind, strippedCopy, withEmbeddedStripped, type RasterFormat } from './raster.ts';
import { locationIn } from './location.ts';

export type { Picture } from './picture.ts';

export interface Images {
  /** By the path as content writes it. */
  pictures: Record<string, Picture>;
  /** The variants to write. */
  files: OutputFile[];
  /** Static files made into variants: the original is not copied to the output. */
  replaced: Set<string>;
  /**
   * The files of static/ as they are published: a raster picture that a published page links by its
   * path holds its bytes encoded again without metadata, and one that nothing published uses is gone.
   */
  statics: StaticEntry[];
  diagnostics: Diagnostic[];
  /** Photos made now, and photos taken from the cache. */
  drawn: number;
  cached: number;
  /** With `defer`: the variants of photos the cache lacks, to make after the render (their files are stand-ins until then). */
  later: MediaJob[];
}

/** Where an image is named: a field of a page, or an image in a page's Markdown. */
interface Mention {
  file: string;
  path: string;
  position(): { line: number; column: number };
  /** In a page's Markdown, where the link rule already reports a path that leads nowhere. */
  markdown?: boolean;
}

/** A page's image fields, once per template schema and page entry (a rebuild keeps the unchanged entries); a page loaded only when read (src/validate/known-page.ts) names them itself. */
const imageFieldsOf = perObject((schema: TSchema) => perObject((page: PageEntry) => page.facts?.images ?? imageFields(schema, page.data)));

/**
 * Every image content names, by its path as written, with where each is named: image fields of pages, and images in
 * Markdown bodies (those on the site itself; each needs its alt text, whose lack is reported into `diagnostics`).
 */
function mentionsOf(model: SiteModel, theme: Theme, diagnostics: Diagnostic[]): Map<string, Mention[]> {
  const byPath = new Map<string, Mention[]>();
  // Pushed, not copied: ten thousand pages may name one photo.
  const add = (image: string, where: Mention) => {
    const mentions = byPath.get(image);
    if (mentions) mentions.push(where);
    else byPath.set(image, [where]);
  };
  for (const page of allPages(model)) {
    const schema: TSchema | undefined = theme.templates[page.template]?.schema;
    const fields = schema ? imageFieldsOf(schema)(page) : [];
    for (const { path, value } of fields) add(value, { file: page.file, path: formatPath(path), position: () => page.source.locate(path) });
    if (!isMarkdownPage(page)) continue;
    for (const image of linksOfBody(page)) {
      if (image.alt === undefined) continue;
      if (image.alt.trim() === '') diagnostics.push(diagnostic('image-alt-missing', { file: page.file, ...image.position() }, { path: image.href }));
      const path = sitePath(image.href);
      if (path) add(path, { file: page.file, path: '', position: image.position, markdown: true });
    }
  }
  return byPath;
}

/** `defer`: photos the cache lacks are planned, not made (see MediaJob). */
export async function images(model: SiteModel, theme: Theme, cacheDir: string, options: { defer?: boolean } = {}): Promise<Images> {
  const result: Images = { pictures: {}, files: [], replaced: new Set(), statics: model.statics, diagnostics: [], drawn: 0, cached: 0, later: [] };
  const byPath = mentionsOf(model, theme, result.diagnostics);
  const statics = new Map(model.statics.map((s) => [s.route, s]));
  const report = (mentions: Mention[], make: (where: { file: string; line: number; column: number; path: string }) => Diagnostic) => {
    for (const m of mentions) result.diagnostics.push(make({ file: m.file, ...m.position(), path: m.path }));
  };
  for (const [path, mentions] of [...byPath].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = statics.get(path);
    if (!file) {
      report(
        mentions.filter((m) => !m.markdown),
        (where) => diagnostic('image-missing', where, { path }),
      );
      continue;
    }
    if (/\.svg$/i.test(path)) {
      const size = drawingSize(file.contents);
      if (size) result.pictures[path] = { src: path, ...size, type: 'image/svg+xml', srcset: '', sources: [] };
      else report(mentions, (where) => diagnostic('image-unreadable', where, { path, reason: 'an SVG needs a width and height or a viewBox' }));
      continue;
    }
    const unreadable = (reason: string) =>
      mentions.map((m) => diagnostic('image-unreadable', { file: m.file, ...m.position(), path: m.path }, { path, reason }));
    const made: (Made & { later?: MediaJob[] }) | Problem = options.defer
      ? await deferredPhoto(path, file.contents, cacheDir, unreadable)
      : await processPhoto(path, file.contents, cacheDir);
    if (!made.ok) {
      if (made.problem === 'too-large')
        report(mentions, (where) => diagnostic('image-too-large', where, { path, width: made.width, height: made.height, limit: MAX_MEGAPIXELS }));
      else report(mentions, (where) => diagnostic('image-unreadable', where, { path, reason: made.reason }));
      continue;
    }
    result.pictures[path] = made.picture;
    result.files.push(...made.files);
    result.replaced.add(path);
    if (made.later) result.later.push(...made.later);
    if (made.drawn) result.drawn++;
    else result.cached++;
  }
  await rasterStatics(model, result, byPath, cacheDir);
  return result;
}

/**
 * Settles every raster picture of static/ that would otherwise be copied as it is: encoded again
 * without its metadata where a published page links its path, else left out with a warning.
 */
async function rasterStatics(model: SiteModel, result: Images, mentioned: ReadonlyMap<string, readonly Mention[]>, cacheDir: string): Promise<void> {
  const rasters = new Map<string, RasterFormat>();
  for (const file of model.statics) {
    const format = rasterKind(file.route, file.contents);
    if (format) rasters.set(file.route, format);
  }
  const linked = rasters.size === 0 ? new Set<string>() : plainlyLinked(model, rasters, mentioned);
  const published: StaticEntry[] = [];
  let changed = rasters.size > 0;
  for (const file of model.statics) {
    const format = rasters.get(file.route);
    if (!format) {
      // A drawing or a stylesheet may carry a photo inside it, as a data: URI: that photo is cleaned too.
      const cleaned = await withEmbeddedStripped(file.contents, cacheDir);
      if (cleaned !== undefined && !cleaned.ok) {
        result.diagnostics.push(diagnostic('image-unreadable', { file: file.file, line: 1, column: 1 }, { path: file.route, reason: cleaned.reason }));
        continue;
      }
      const contents = cleaned?.contents ?? file.contents;
      // What is left is published byte for byte: a position still in it (a PDF around a phone photo, a video) would be too.
      const place = locationIn(contents);
      if (place) {
        result.diagnostics.push(diagnostic('file-location', { file: file.file, line: 1, column: 1 }, { path: file.route, place }));
        changed = true;
      } else published.push(cleaned ? { ...file, contents } : file);
      if (cleaned !== undefined) changed = true;
      continue;
    }
    if (linked.has(file.route)) {
      // Made into variants as well, it stays at its own address for the links to it.
      result.replaced.delete(file.route);
      const copy = await strippedCopy(file.contents, format, cacheDir);
      if (copy.ok) published.push({ ...file, contents: copy.contents });
      else result.diagnostics.push(diagnostic('image-unreadable', { file: file.file, line: 1, column: 1 }, { path: file.route, reason: copy.reason }));
      continue;
    }
    // Made into variants for an image field: the variants are published, the original is not (see build.ts).
    if (result.replaced.has(file.route)) {
      published.push(file);
      continue;
    }
    // Named in an image field but unreadable or too large: that is reported at the field already.
    if (mentioned.has(file.route)) continue;
    result.diagnostics.push(diagnostic('image-unused', { file: file.file, line: 1, column: 1 }, { path: file.route }));
  }
  if (changed) result.statics = published;
}

/**
 * The routes of `rasters` that published content writes as a path of its own (a link, an `<img>` in
 * a page's Markdown, a value of site.yaml such as the share picture), rather than in an image field.
 */
function plainlyLinked(model: SiteModel, rasters: ReadonlyMap<string, RasterFormat>, mentioned: ReadonlyMap<string, readonly Mention[]>): Set<string> {
  // An image field's value is not a link to the original: the template shows the variants.
  const fields = new Set<string>();
  for (const [path, mentions] of mentioned) if (rasters.has(path)) for (const m of mentions) if (!m.markdown) fields.add(`${m.file}\0${m.path}`);
  const found = new Set<string>();
  const local = onThisSite(model.site.baseUrl);
  const visitIn = (file: string) => (text: string, at: FieldPath) => {
    const path = sitePath(local(text.trim()));
    if (path !== undefined && rasters.has(path) && !fields.has(`${file}\0${formatPath(at)}`)) found.add(path);
  };
  // Once every picture is found linked (the share picture of site.yaml, say), the pages need no walk.
  const all = () => found.size === rasters.size;
  walk(model.site, [], visitIn('site.yaml'));
  for (const page of allPages(model)) {
    if (all()) return found;
    walk(page.data, [], visitIn(page.file));
    if (isMarkdownPage(page)) for (const link of linksOfBody(page)) if (link.alt === undefined) visitIn(page.file)(link.href, []);
  }
  // A redirect to a picture (an old address of a photo) sends visitors to it: it is linked too.
  for (const rule of model.redirects) visitIn(rule.file)(rule.to, []);
  return found;
}

/**
 * `text` as a path when it is an address on the site's own origin under its base path
 * (https://www.example.com/images/a.jpg is /images/a.jpg), else `text` as it is.
 */
function onThisSite(baseUrl: string): (text: string) => string {
  let base: URL | undefined;
  try {
    base = new URL(baseUrl);
  } catch {
    // A base URL that is no URL is reported at site.yaml; nothing is on it.
  }
  const prefix = base ? base.pathname.replace(/\/$/, '') : '';
  return (text) => {
    if (!base || !/^https?:\/\//i.test(text)) return text;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return text;
    }
    if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return text;
    return url.pathname.slice(prefix.length) + url.search + url.hash;
  };
}

/** The size a drawing declares: its width and height in pixels, else its viewBox. */
export function drawingSize(svg: Uint8Array): { width: number; height: number } | undefined {
  const tag = /<svg\b[^>]*>/i.exec(Buffer.from(svg.subarray(0, 4096)).toString('utf8'))?.[0];
  if (!tag) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const pixels = (value: string | undefined) => (value && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? Math.round(parseFloat(value)) : undefined);
  const [width, height] = [pixels(attribute('width')), pixels(attribute('height'))];
  if (width && height) return { width, height };
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  return box?.length === 4 && box[2]! > 0 && box[3]! > 0 ? { width: Math.round(box[2]!), height: Math.round(box[3]!) } : undefined;
}
