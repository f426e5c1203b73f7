// The load stage (see the steps in src/build.ts): the only reading of content from disk. Everything after works
// on the returned texts, so it can be tested with literal inputs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { decodeText, type EncodingProblem } from './encoding.ts';

/** A text file of the content, path relative to the project root with forward slashes. */
export interface SourceFile {
  file: string;
  text: string;
  /** Set when the file is not UTF-8 text; validation reports it and leaves the file out. */
  encoding?: EncodingProblem;
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
}

/** Where the engine keeps what it can reuse between runs (inside node_modules, like other tools' caches). */
export const CACHE_DIR = 'node_modules/.cache/site';
/** Values of parsed YAML by the hash of their text; one file per project folder, so two projects sharing packages do not evict each other. */
export function parseCacheFile(root: string): string {
  return `${CACHE_DIR}/parsed-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.json`;
}

/** The parse cache of an earlier run; empty when there is none or it cannot be read. */
export async function readParseCache(root: string): Promise<Record<string, unknown>> {
  try {
    const value = JSON.parse(await readFile(join(root, parseCacheFile(root)), 'utf8')) as unknown;
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
}

export async function listContent(root: string): Promise<ContentListing> {
  // One walk of pages/: the visible files, and the hidden ones an editor may think are pages.
  const everything = await allFiles(root, 'pages');
  const underPages = everything.filter(isVisible);
  const pageFiles = underPages.filter(isPageText);
  const strays = [...underPages.filter((file) => !isPageText(file)), ...everything.filter(looksHiddenContent)].sort();
  return { pageFiles, strays, staticFiles: await listFiles(root, 'static') };
}

// Files are read one after another, synchronously: Node's promised readFile makes four trips to its
// thread pool per file (open, stat, read, close), and for thousands of small files reading in turn
// is several times faster (10,000 pages of 8 kB: about 0.1 s against 0.55 s).
export async function load(root: string, listing?: ContentListing): Promise<LoadedContent> {
  const { pageFiles, strays, staticFiles } = listing ?? (await listContent(root));
  const site = readText(root, 'site.yaml');
  const pages = pageFiles.map((file) => readText(root, file)!);
  const statics = staticFiles.map((file) => ({ file, contents: readFileSync(join(root, file)) }));
  return { site, pages, statics, strays };
}

function readText(root: string, file: string): SourceFile | null {
  try {
    const { text, problem } = decodeText(readFileSync(join(root, file)));
    return problem ? { file, text, encoding: problem } : { file, text };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Every file below `dir`, relative to root, sorted so builds do not depend on directory order. */
export async function listFiles(root: string, dir: string): Promise<string[]> {
  return (await allFiles(root, dir)).filter(isVisible);
}

/** Every file under `dir`, hidden ones too, project-relative with forward slashes, sorted. */
async function allFiles(root: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * The content again after `changed` (project-relative paths of files or folders
 * that were added, edited or removed): only those are read, the rest is kept.
 * A rebuild after one edit reads one file instead of the whole project.
 */
export async function reloadFiles(root: string, content: LoadedContent, changed: readonly string[]): Promise<LoadedContent> {
  let { site, pages, statics } = content;
  let strays = content.strays ?? [];
  const under = (file: string, path: string) => file === path || file.startsWith(`${path}/`);
  for (const path of new Set(changed)) {
    if (path === 'site.yaml') {
      site = readText(root, path);
      continue;
    }
    const area = path.split('/')[0];
    if (area !== 'pages' && area !== 'static') continue;
    if (area === 'pages' && looksHiddenContent(path)) {
      // A hidden file is never read, but an editor who saved one should hear why it shows nowhere.
      const exists = await stat(join(root, path)).then((info) => info.isFile(), () => false);
      strays = [...strays.filter((file) => file !== path), ...(exists ? [path] : [])].sort();
      continue;
    }
    // A whole area is walked once: its visible files, and (for pages/) its hidden ones named like content.
    const all = path === area ? await allFiles(root, area) : undefined;
    const present = all ? all.filter(isVisible) : await filesAt(root, path);
    if (area === 'pages') {
      const kept = pages.filter((p) => !under(p.file, path));
      const added = present.filter(isPageText).map((file) => readText(root, file));
      pages = [...kept, ...added.filter((p): p is SourceFile => p !== null)].sort(byFile);
      const hidden = all ? all.filter(looksHiddenContent) : [];
      strays = [...strays.filter((file) => !under(file, path) || (path !== area && looksHiddenContent(file))), ...present.filter((file) => !isPageText(file)), ...hidden].sort();
    } else {
      const kept = statics.filter((s) => !under(s.file, path));
      const added = await Promise.all(present.map(async (file): Promise<StaticEntryFile | null> => {
        const contents = await readFile(join(root, file)).catch(() => null);
        return contents && { file, contents };
      }));
      statics = [...kept, ...added.filter((s) => s !== null)].sort(byFile);
    }
  }
  return { site, pages, statics, strays };
}

type StaticEntryFile = LoadedContent['statics'][number];

/** A file whose own name does not start with a dot (an editor's or the system's hidden file). */
function isVisible(file: string): boolean {
  return !file.slice(file.lastIndexOf('/') + 1).startsWith('.');
}

/**
 * A hidden file named like a page or post, in no hidden folder: an editor's `.vaughan.yaml` is
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

/** The files at a path: itself when it is a file, everything below it when a folder, nothing when gone or hidden. */
async function filesAt(root: string, path: string): Promise<string[]> {
  if (path.split('/').some((segment) => segment.startsWith('.'))) return [];
  try {
    const info = await stat(join(root, path));
    if (info.isDirectory()) return listFiles(root, path);
    return info.isFile() ? [path] : [];
  } catch {
    return [];
  }
}
