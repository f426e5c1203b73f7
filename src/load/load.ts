// The load stage (see the steps in src/build.ts): the only reading of content from disk. Everything after works
// on the returned texts, so it can be tested with literal inputs.
import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { listedPath } from '../folders.ts';
import { cacheFolder } from '../node-module.js';
import { decodeText, type EncodingProblem } from './encoding.ts';
import { inspectEntry, inspectFolder, readContentFile, type KnownKind, type RefusedFile } from './content-file.ts';
import { MAX_FILE_BYTES, MAX_STATIC_BYTES } from '../validate/limits.ts';
import { cacheKey } from '../digest.ts';
import { REDIRECTS_FILES } from '../contracts/project.ts';
import { standsAs, stampOf, type KeptText, type KeptTexts, type KnownText, type TextStamp } from './known-texts.ts';
import { lstatSync, readFileSync } from 'node:fs';

export type { Refusal, RefusedFile } from './content-file.ts';

/** A text file of the content, path relative to the project root with forward slashes. */
export interface SourceFile {
  file: string;
  text: string;
  /** Set when the file is not UTF-8 text; validation reports it and leaves the file out. */
  encoding?: EncodingProblem;
  /**
   * Set when the file was not read, because it stands as the last build read it (src/load/known-texts.ts): what is
   * known of its text. `text` reads the file when something asks for it.
   */
  known?: KnownText;
  /** How a page file stood as it was read, and when the load began: what the next build may know it by. */
  read?: { stamp: TextStamp; at: number };
}

export interface LoadedContent {
  /** `site.yaml`, or null when it is missing. */
  site: SourceFile | null;
  /** Every `.yaml`, `.yml` and `.md` file under `pages/`, sorted by path. */
  pages: SourceFile[];
  /** Other files under `pages/` (notes, backups, HTML): not pages, which editors should hear. Optional for callers that build content by hand. */
  strays?: string[];
  /** Files under `static/`, copied to dist/ as they are, sorted by path. */
  statics: { file: string; contents: Buffer }[];
  /**
   * Paths under the content that are not read, and why: a pipe, a device or a socket, a link that
   * leads out of the project or to no file, a file too large (see content-file.ts). Validation
   * reports each at its path. Optional for callers that build content by hand.
   */
  refused?: RefusedFile[];
}

/**
 * Values of parsed YAML by the hash of their text, in the engine's cache folder (see cacheFolder): one file
 * per project folder, so two projects sharing a cache do not evict each other. An absolute path.
 */
export function parseCacheFile(root: string): string {
  return join(cacheFolder(root), `parsed-${cacheKey(resolve(root)).slice(0, 12)}.json`);
}

/**
 * The file of the parse cache's later additions beside `file`: a build that parsed a few texts anew adds them
 * there rather than writing 10,000 values out again (saveParseCache, src/write/write.ts).
 */
export function laterParsesFile(file: string): string {
  return file.replace(/\.json$/, '.later.json');
}

// Which entries of a cache read by readParseCache came from the file of later additions.
const laterKeys = new WeakMap<object, ReadonlySet<string>>();

/** The keys of `entries` (as readParseCache returned them) that came from the file of later additions. */
export function keysAddedLater(entries: object): ReadonlySet<string> {
  return laterKeys.get(entries) ?? new Set();
}

/**
 * The parse cache of an earlier run, its later additions with it; empty when there is none or it cannot be read.
 * Every entry is a value parsed from the text its key digests, so any entries of either file are good ones.
 */
export async function readParseCache(root: string): Promise<Record<string, unknown>> {
  const file = parseCacheFile(root);
  const [base, later] = await Promise.all([readEntries(file), readEntries(laterParsesFile(file))]);
  return withLater(base, later);
}

/**
 * The parse cache of an earlier run in two parts: its later additions (`later`, a few entries), read now, and the
 * whole, as readParseCache gives it, read by `rest` when first called (see createParseCache).
 */
export async function readParseCacheLater(root: string): Promise<{ later: Record<string, unknown>; rest: () => Record<string, unknown> }> {
  const file = parseCacheFile(root);
  const later = await readEntries(laterParsesFile(file));
  return { later, rest: () => withLater(readEntriesNow(file), later) };
}

function withLater(base: Record<string, unknown>, later: Record<string, unknown>): Record<string, unknown> {
  const added = Object.keys(later);
  if (added.length === 0) return base;
  const entries = { ...base, ...later };
  laterKeys.set(entries, new Set(added));
  return entries;
}

async function readEntries(file: string): Promise<Record<string, unknown>> {
  return readFile(file, 'utf8').then(entriesOf, () => ({}));
}

function readEntriesNow(file: string): Record<string, unknown> {
  try {
    return entriesOf(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function entriesOf(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The content's files, before any is read: page texts, other files under pages/, static files. */
export interface ContentListing {
  pageFiles: string[];
  strays: string[];
  staticFiles: string[];
  /** Those of the above that the listing did not find to be regular files (links, pipes, devices, sockets): looked at before any is opened. */
  irregular: string[];
  /** pages/ or static/ when it is a link out of the project or to nothing: not walked, refused. */
  refused?: RefusedFile[];
}

export async function listContent(root: string): Promise<ContentListing> {
  // One walk of pages/: the visible files, and the hidden ones an editor may think are pages.
  const refused = [areaRefusal(root, 'pages'), areaRefusal(root, 'static')].filter((r) => r !== undefined);
  const pageEntries = await allFiles(root, 'pages');
  const everything = pageEntries.map((entry) => entry.file);
  const underPages = everything.filter(isVisible);
  const pageFiles = underPages.filter(isPageText);
  const strays = [...underPages.filter((file) => !isPageText(file)), ...everything.filter(looksHiddenContent)].sort();
  const staticEntries = (await allFiles(root, 'static')).filter((entry) => isVisible(entry.file));
  const irregular = [...pageEntries, ...staticEntries].filter((entry) => !entry.regular).map((entry) => entry.file);
  return { pageFiles, strays, staticFiles: staticEntries.map((entry) => entry.file), irregular, refused };
}

/**
 * pages/ or static/ made a link out of the project (to `/`, say) or to nothing: walking it would
 * read what the project does not hold, without end. A link to a folder inside the project is walked.
 */
function areaRefusal(root: string, area: string): RefusedFile | undefined {
  const found = inspectFolder(root, area);
  return found && 'refused' in found ? { file: area, refusal: found.refused } : undefined;
}

// Files are read one after another, synchronously: Node's promised readFile makes four trips to its
// thread pool per file (open, stat, read, close), and for thousands of small files reading in turn
// is several times faster (10,000 pages of 8 kB: about 0.1 s against 0.55 s).
export async function load(root: string, listing?: ContentListing, kept?: KeptTexts): Promise<LoadedContent> {
  const { pageFiles, strays, staticFiles, irregular, refused: areas } = listing ?? (await listContent(root));
  const odd = new Set(irregular);
  const kind = (file: string): KnownKind => (odd.has(file) ? 'unknown' : 'regular');
  const refused: RefusedFile[] = [...(areas ?? [])];
  const at = Date.now();
  const site = readText(root, 'site.yaml', 'unknown', refused);
  const pages = existing(
    pageFiles.map((file) => {
      const mayKnow = kept !== undefined && knowable(file);
      const known = mayKnow && kind(file) === 'regular' ? knownSource(root, file, kept.get(file)) : undefined;
      return known ?? readText(root, file, kind(file), refused, mayKnow ? at : undefined);
    }),
  );
  const statics = existing(staticFiles.map((file) => readStatic(root, file, kind(file), refused)));
  return { site, pages, statics, strays: keptStrays(root, strays, odd, refused), refused: refused.sort(byFile) };
}

/**
 * A page's text (or site.yaml's), at most MAX_FILE_BYTES of it; null when it is gone or refused (added to `refused`).
 * With `at` (when the load began), how the file stood is kept with it, for the next build's known texts.
 */
function readText(root: string, file: string, known: KnownKind, refused: RefusedFile[], at?: number): SourceFile | null {
  const read = readContentFile(root, file, MAX_FILE_BYTES, known);
  if (read === null) return null;
  if ('refused' in read) {
    refused.push({ file, refusal: read.refused });
    return null;
  }
  const { text, problem } = decodeText(read.bytes);
  if (problem) return { file, text, encoding: problem };
  return at === undefined ? { file, text } : { file, text, read: { stamp: stampOf(read.stats), at } };
}

/**
 * Whether the build may know a file's text without reading it: a YAML page. A Markdown page's body is read
 * whole anyway, and a file of redirect rules is read for the place of each rule.
 */
function knowable(file: string): boolean {
  return /\.ya?ml$/.test(file) && !REDIRECTS_FILES.includes(file);
}

/**
 * The page file `file` as `kept` knows it, when it stands as the last build read it (a regular file, not a
 * link, of the same device, inode, size and times); its text is read only when asked for. Otherwise undefined.
 */
function knownSource(root: string, file: string, kept: KeptText | undefined): SourceFile | undefined {
  if (!kept) return undefined;
  const info = lstatSync(join(root, file), { throwIfNoEntry: false });
  if (!info || !standsAs(info, kept.stamp)) return undefined;
  const { stamp: _, ...known } = kept;
  let text: string | undefined;
  return {
    file,
    known,
    get text() {
      return (text ??= textNow(root, file));
    },
  };
}

/** The text of a known page file, read when asked: empty if it can no longer be read (positions then fall back to its top). */
function textNow(root: string, file: string): string {
  const read = readContentFile(root, file, MAX_FILE_BYTES);
  return read && 'bytes' in read ? decodeText(read.bytes).text : '';
}

/** A file of static/, at most MAX_STATIC_BYTES of it; null when it is gone or refused (added to `refused`). */
function readStatic(root: string, file: string, known: KnownKind, refused: RefusedFile[]): StaticEntryFile | null {
  const read = readContentFile(root, file, MAX_STATIC_BYTES, known);
  if (read === null) return null;
  if ('refused' in read) {
    refused.push({ file, refusal: read.refused });
    return null;
  }
  return { file, contents: read.bytes };
}

/**
 * Files under pages/ that are not pages are never read, only named in a warning; a visible one that
 * is not a file at all (a pipe, a link out of the project) is refused instead, like any other content
 * path. A hidden one stays a warning: editors leave such things (Emacs's lock, `.#about.yaml`, is a
 * link to nowhere) while a file is open.
 */
function keptStrays(root: string, strays: readonly string[], irregular: ReadonlySet<string>, refused: RefusedFile[]): string[] {
  return strays.filter((file) => {
    if (!irregular.has(file) || !isVisible(file)) return true;
    const found = inspectEntry(root, file);
    if (found !== null && 'refused' in found) refused.push({ file, refusal: found.refused });
    return found !== null && !('refused' in found);
  });
}

function existing<T>(list: (T | null)[]): T[] {
  return list.filter((item): item is T => item !== null);
}

/** Every file below `dir`, relative to root, sorted so builds do not depend on directory order. */
export async function listFiles(root: string, dir: string): Promise<string[]> {
  return (await allFiles(root, dir)).map((entry) => entry.file).filter(isVisible);
}

/**
 * Every entry under `dir` but folders, hidden ones too, project-relative with forward slashes, sorted;
 * `regular` when the listing says it is a regular file (links, pipes, devices and sockets are not).
 */
async function allFiles(root: string, dir: string): Promise<{ file: string; regular: boolean }[]> {
  const area = inspectFolder(root, dir);
  if (!area || 'refused' in area) return [];
  let entries;
  try {
    entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
  } catch (error) {
    // No folder (or a file where the folder would be): no content there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  return (
    entries
      // A folder named like a page (pages/_redirects.yaml/, made by mistake) is listed, to be refused
      // as a folder where a file should be: left out, the rules or the page it stands for were lost without a word.
      .filter((entry) => !entry.isDirectory() || ((dir === 'pages' || dir.startsWith('pages/')) && isPageText(entry.name)))
      .map((entry) => ({ file: listedPath(root, entry).path, regular: entry.isFile() }))
      .sort(byFile)
  );
}

/**
 * The content again after `changed` (project-relative paths of files or folders
 * that were added, edited or removed): only those are read, the rest is kept.
 * A rebuild after one edit reads one file instead of the whole project.
 */
export async function reloadFiles(root: string, content: LoadedContent, changed: readonly string[]): Promise<LoadedContent> {
  let { site, pages, statics } = content;
  let strays = content.strays ?? [];
  let refused = content.refused ?? [];
  const under = (file: string, path: string) => file === path || file.startsWith(`${path}/`);
  for (const path of new Set(changed)) {
    // What is refused under the path now replaces what was refused there before.
    const found: RefusedFile[] = [];
    if (path === 'site.yaml') {
      site = readText(root, path, 'unknown', found);
      refused = [...refused.filter((r) => r.file !== path), ...found];
      continue;
    }
    const area = path.split('/')[0];
    if (area !== 'pages' && area !== 'static') continue;
    if (area === 'pages' && looksHiddenContent(path)) {
      // A hidden file is never read, but an editor who saved one should hear why it shows nowhere.
      const exists = await stat(join(root, path)).then(
        (info) => info.isFile(),
        () => false,
      );
      strays = [...strays.filter((file) => file !== path), ...(exists ? [path] : [])].sort();
      continue;
    }
    // A whole area is walked once: its visible files, and (for pages/) its hidden ones named like content.
    const all = path === area ? (await allFiles(root, area)).map((entry) => entry.file) : undefined;
    if (path === area) {
      const refusal = areaRefusal(root, area);
      if (refusal) found.push(refusal);
    }
    const present = all ? all.filter(isVisible) : await filesAt(root, path);
    if (area === 'pages') {
      const kept = pages.filter((p) => !under(p.file, path));
      const added = existing(present.filter(isPageText).map((file) => readText(root, file, 'unknown', found)));
      pages = [...kept, ...added].sort(byFile);
      const hidden = all ? all.filter(looksHiddenContent) : [];
      const others = present.filter((file) => !isPageText(file));
      strays = [
        ...strays.filter((file) => !under(file, path) || (path !== area && looksHiddenContent(file))),
        ...keptStrays(root, others, new Set(others), found),
        ...hidden,
      ].sort();
    } else {
      const kept = statics.filter((s) => !under(s.file, path));
      const added = existing(present.map((file) => readStatic(root, file, 'unknown', found)));
      statics = [...kept, ...added].sort(byFile);
    }
    refused = [...refused.filter((r) => !under(r.file, path)), ...found];
  }
  return { site, pages, statics, strays, refused: [...refused].sort(byFile) };
}

type StaticEntryFile = LoadedContent['statics'][number];

/** A file whose own name does not start with a dot (an editor's or the system's hidden file). */
function isVisible(file: string): boolean {
  return !file.slice(file.lastIndexOf('/') + 1).startsWith('.');
}

/**
 * A hidden file named like a page, in no hidden folder: an editor's `.about.yaml` is
 * never read, unlike `.DS_Store`, which nobody expects to be.
 */
function looksHiddenContent(file: string): boolean {
  const segments = file.split('/');
  const name = segments.at(-1)!;
  return name.startsWith('.') && segments.slice(0, -1).every((segment) => !segment.startsWith('.')) && /\.(ya?ml|md|markdown)$/i.test(name);
}

function isPageText(file: string): boolean {
  return /\.(ya?ml|md)$/.test(file);
}

function byFile(a: { file: string }, b: { file: string }): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
}

/**
 * The files at a path: itself when it is anything but a folder (a link or a pipe is looked at when
 * read), everything below it when a folder, nothing when gone or hidden.
 */
async function filesAt(root: string, path: string): Promise<string[]> {
  if (path.split('/').some((segment) => segment.startsWith('.'))) return [];
  try {
    const info = await lstat(join(root, path));
    // A folder named like a page is itself a path to refuse, as a fresh load does (see allFiles).
    return info.isDirectory() ? [...(path.startsWith('pages/') && isPageText(path) ? [path] : []), ...(await listFiles(root, path))] : [path];
  } catch {
    return [];
  }
}
