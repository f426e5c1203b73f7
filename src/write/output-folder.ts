// Where a build may write. writeOutput replaces the whole output folder, so a
// mistyped --out (".", "..", "pages", "src", a folder of photos) would otherwise
// delete what the user keeps there. The engine knows its own folders; any other
// folder it replaces only when it made it: every build leaves a marker file at
// the top of its output (OUTPUT_MARKER), and a folder without one is refused,
// however much it looks like a site.
import { createReadStream, lstatSync, readFileSync, type BigIntStats } from 'node:fs';
import { readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { listedPath } from '../folders.ts';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { contentHash } from '../digest.ts';
import { fileSystemWords } from './file-system-words.ts';
import { PAGES_DIR, SCHEMAS_DIR, STATIC_DIR, TEMPLATES_DIR } from '../contracts/project.ts';

/**
 * The file every build writes at the top of its output folder, saying the folder is the generator's to
 * replace, and listing the files the build wrote there, each with its size, time and a digest of its
 * bytes, so that a file put there since (notes kept beside the site, say), or one of the build's own
 * changed since, is found and the folder refused rather than the file lost. Names alone would not do:
 * a marker copied or written by hand would then let a build delete whatever file it names
 * (precious.txt), and one a user edited in place would go with the old build. A dotfile holding
 * nothing private: Cloudflare Pages uploads and serves dotfiles (wrangler leaves out only _worker.js,
 * _redirects, _headers, _routes.json, functions, .DS_Store, node_modules and .git), so at worst anyone
 * can read the names of the files the site serves anyway.
 */
export const OUTPUT_MARKER = '.site-build';
export const OUTPUT_MARKER_TEXT =
  'This folder was written by `site build`, which replaces it whole on the next build. The files it wrote (digest, size, time, path):\n';

/** What a build wrote at one path: its bytes' SHA-256, its size and its modification time (nanoseconds). */
export interface FileStamp {
  digest: string;
  size: bigint;
  mtime: bigint;
}

/** A file a build wrote, and its stamp. */
export interface WrittenFile extends FileStamp {
  path: string;
}

/** The marker's text for a build that wrote `files` (paths inside the folder, forward slashes). */
export function markerText(files: readonly WrittenFile[]): string {
  return OUTPUT_MARKER_TEXT + files.map((f) => `${f.digest} ${f.size} ${f.mtime} ${f.path}\n`).join('');
}

/** The marker texts read last (the output folder's and the kept tree's, kept-tree.ts), and what each says. */
const lastRead: { text: string; files: ReadonlyMap<string, FileStamp> }[] = [];

/**
 * The files a marker says its build wrote, with their stamps; a file name holds no line break, so one
 * a line, the path last (it may hold spaces). A line not in that form (a marker of an older build, or
 * one written by hand) vouches for nothing.
 */
export function markedFiles(text: string): ReadonlyMap<string, FileStamp> {
  // A build reads the last build's marker three times (judging the folder, taking its files, judging it again when set
  // aside), and the kept tree's between: at 10,000 pages 2.5 MB, which took about 45 ms to read each time. The same text is read once.
  const known = lastRead.find((read) => read.text === text);
  if (known) return known.files;
  const files = new Map<string, FileStamp>();
  lastRead.unshift({ text, files });
  lastRead.length = Math.min(lastRead.length, 2);
  if (!text.startsWith(OUTPUT_MARKER_TEXT)) return files;
  for (const line of text.slice(OUTPUT_MARKER_TEXT.length).split('\n')) {
    const parts = /^([0-9a-f]{64}) (\d{1,20}) (\d{1,30}) (.+)$/.exec(line);
    if (parts) files.set(parts[4]!, { digest: parts[1]!, size: BigInt(parts[2]!), mtime: BigInt(parts[3]!) });
  }
  return files;
}

/**
 * The stamp of the regular file at `file` (a link, a folder or anything else has none): the one `known`
 * vouches for, given the file's status, else one made by reading the file.
 */
export async function stampOf(file: string, known?: (info: BigIntStats) => FileStamp | undefined): Promise<FileStamp | undefined> {
  // Synchronous, as the reads below: a promise per file cost ~100 µs, and an output holds thousands.
  const info = lstatSync(file, { bigint: true });
  if (!info.isFile()) return undefined;
  return known?.(info) ?? { digest: await digestOf(file, info.size), size: info.size, mtime: info.mtimeNs };
}

/**
 * Files up to this size are read whole, at once: a stream costs about a millisecond a file, and
 * the 238 files of the real site took 200 ms read as streams against 20 ms read whole.
 */
const READ_WHOLE = 4n * 1024n * 1024n;

/** The file's contentHash (digest.ts); a larger file (a video, say) is read in pieces. */
async function digestOf(file: string, size: bigint): Promise<string> {
  if (size <= READ_WHOLE) return contentHash(readFileSync(file));
  const hash = createHash('sha256');
  for await (const piece of createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

/**
 * Whether the file at `file` is still the one a build wrote with `stamp`: a regular file of its size
 * whose time is unchanged, or whose bytes are (a copy or a checkout of a build keeps the bytes and
 * not the time). Only a file of the right size is read.
 */
export async function stillWritten(file: string, stamp: FileStamp): Promise<boolean> {
  try {
    const info = lstatSync(file, { bigint: true });
    if (!info.isFile() || info.size !== stamp.size) return false;
    if (info.mtimeNs === stamp.mtime) return true;
    return (await digestOf(file, info.size)) === stamp.digest;
  } catch {
    // Gone or unreadable while looked at: nothing vouches for it.
    return false;
  }
}

/** Folders the engine reads or that hold installed packages: never an output folder, nor anything inside one. */
const INPUT_FOLDERS = [PAGES_DIR, TEMPLATES_DIR, STATIC_DIR, SCHEMAS_DIR, 'node_modules'];

/**
 * What is at the output path before a build: the names at a folder's top, a file, nothing, or an error reading it;
 * with `strangers` (the default), the files below a marked folder its marker does not list.
 */
export type OutputListing =
  | { kind: 'missing'; real: string }
  /** `strangers`: in a folder with the marker, files below it that the marker does not list (a few, to name). */
  | { kind: 'folder'; names: readonly string[]; real: string; strangers?: readonly string[] }
  | { kind: 'file'; real: string }
  | { kind: 'unreadable'; code: string };

/**
 * A problem with `out` as the build's output folder, or undefined when it is
 * safe. Pure: decided from the paths and what `listing` found there (the real
 * path, links followed, is checked as well as the path as written).
 */
export function outputFolderProblem(root: string, out: string, listing: OutputListing): Diagnostic | undefined {
  const project = resolve(root);
  const targets = [resolve(project, out), ...('real' in listing ? [listing.real] : [])];
  for (const target of targets) {
    const problem = projectProblem(project, target);
    if (problem) return refuse(out, problem);
  }
  if (listing.kind === 'unreadable') return writeProblem(out, listing.code);
  if (listing.kind === 'file') return refuse(out, 'it is a file, not a folder, and a build replaces the whole output folder');
  if (listing.kind === 'folder' && listing.names.length > 0 && !listing.names.includes(OUTPUT_MARKER)) {
    const shown = [...listing.names]
      .sort()
      .slice(0, 3)
      .map((n) => JSON.stringify(n))
      .join(', ');
    const more = listing.names.length > 3 ? ` and ${listing.names.length - 3} more` : '';
    return diagnostic('output-folder-unmarked', { file: '--out' }, { out, names: `${shown}${more}`, marker: OUTPUT_MARKER });
  }
  if (listing.kind === 'folder' && listing.strangers && listing.strangers.length > 0) {
    return diagnostic('output-folder-added', { file: '--out' }, { out, names: listing.strangers.map((n) => JSON.stringify(n)).join(', ') });
  }
  return undefined;
}

/** Why `target` may not be the output of the project at `project`, if it may not. */
function projectProblem(project: string, target: string): string | undefined {
  const fromTarget = relative(target, project);
  if (fromTarget === '' || !(fromTarget.startsWith('..') || isAbsolute(fromTarget))) {
    return 'it holds the project itself, and a build replaces the whole output folder';
  }
  const inside = relative(project, target);
  if (!inside.startsWith('..') && !isAbsolute(inside)) {
    const top = inside.split(sep)[0]!;
    if (INPUT_FOLDERS.includes(top) || top.startsWith('.')) {
      return `it is the project's ${top}/ folder${inside === top ? '' : ' or inside it'}, and a build replaces the whole output folder`;
    }
  }
  return undefined;
}

/** What is at `dir`, links followed. Never throws: an error reading it is part of the answer. */
export async function folderEntries(dir: string, strangers = true): Promise<OutputListing> {
  try {
    const real = await realPathOf(dir);
    const names = await readdir(dir).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTDIR') throw error;
      // Either the path is a file, or a file stands where one of the folders on the way should be.
      if ((await stat(dir)).isFile()) return 'file' as const;
      throw error;
    });
    if (names === 'file') return { kind: 'file', real };
    if (!names.includes(OUTPUT_MARKER)) return { kind: 'folder', names, real };
    // Before a build, only the files its marker does not list: the files it lists are judged by their stamps once
    // the folder is set aside, before it is replaced (swapIn in write.ts), where a build into a folder with a file
    // changed by hand fails as here, having written nothing. Looking at every file's status twice cost about
    // 100 ms of a warm build at 10,000 pages.
    return { kind: 'folder', names, real, ...(strangers ? { strangers: await strangersIn(dir, false) } : {}) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'ENOENT') return { kind: 'missing', real: await realPathOf(dir).catch(() => resolve(dir)) };
    return { kind: 'unreadable', code };
  }
}

/** Strangers named at most, in a message. */
const MOST_NAMED = 3;

/**
 * Up to MOST_NAMED files below the marked folder `dir` that its marker does not vouch for (the marker
 * itself aside): not listed, or (`stamps` true) no longer what the build wrote there.
 */
export async function strangersIn(dir: string, stamps = true): Promise<string[]> {
  const written = markedFiles(await readFile(join(dir, OUTPUT_MARKER), 'utf8'));
  const strangers: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const { path, file } = listedPath(dir, entry);
    if (path === OUTPUT_MARKER) continue;
    const stamp = written.get(path);
    if (!stamp || (stamps && !(await stillWritten(file, stamp)))) strangers.push(path);
    if (strangers.length >= MOST_NAMED) break;
  }
  return strangers.sort();
}

/**
 * `dir` with links followed: of the path itself where it exists, else of the nearest folder above it
 * that does. A link to a folder not made yet leads to where that folder will be.
 */
export async function realPathOf(dir: string): Promise<string> {
  const rest: string[] = [];
  let at = resolve(dir);
  for (let links = 0; ;) {
    try {
      return join(await realpath(at), ...rest);
    } catch (error) {
      const parent = dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      const link = await readlink(at).catch(() => undefined);
      if (link !== undefined && ++links <= 40) {
        at = resolve(parent, link);
        continue;
      }
      rest.unshift(basename(at));
      at = parent;
    }
  }
}

/** Plain words for a file system error met at the output folder, and what to do. */
export function writeProblem(out: string, code: string): Diagnostic {
  return diagnostic('output-write', { file: '--out' }, { out, ...fileSystemWords(code) });
}

function refuse(out: string, why: string): Diagnostic {
  return diagnostic('output-folder', { file: '--out' }, { out, why });
}
