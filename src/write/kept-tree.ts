// The tree the last build replaced, kept in the cache folder (kept-output/) for the next build to write
// over instead of starting from an empty folder. After a one-page edit of a 10,000-page
// site, nearly every file of the new tree is already there: the build only checks each one against the
// kept tree's marker, where it linked 20,000 files from the last output into an empty tree and then removed
// the 20,000 of the tree it replaced (about 0.4 s of a 3 s build here).
//
// The kept tree is the one the swap set aside, after it was judged to hold only files its build wrote
// (see swapIn in write.ts), so every file in it is a build's. A build takes it by renaming it to its own
// new tree's name, so two builds at once never share one. What in it no longer belongs (a page deleted
// since, a file where the new tree needs a folder) is removed as the new tree is written; what it holds
// of the new tree is kept when its marker says it was written with the digest the new file has, and it
// is still as written (size and time). A killed build's half-updated tree is a staging tree like any
// other: recover() removes it, and the next build starts from an empty folder. In the cache folder, not
// beside the output folder: Git and the user see nothing new, and a cache folder on another disk than the
// output (a rename cannot cross) only means the tree is removed, as it was before trees were kept.
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, rmdirSync, unlinkSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { cacheKey } from '../digest.ts';
import { markedFiles, OUTPUT_MARKER, OUTPUT_MARKER_TEXT, type FileStamp } from './output-folder.ts';
import { removeQuietly, removeTreeNow } from './tree-removal.ts';

/** Where the tree the last build replaced in the output folder `outDir` (its real path) is kept, in the cache folder `cache`. */
export function keptTreeOf(outDir: string, cache: string): string {
  return join(cache, 'kept-output', `${basename(outDir)}-${cacheKey(outDir).slice(0, 12)}`);
}

/** What the kept tree a build writes over held, by its marker. */
export type KeptFiles = ReadonlyMap<string, FileStamp>;

/**
 * Takes the kept tree `kept` as the new tree `staging`, and returns what its marker says its build wrote; undefined
 * when there is none to take, and `staging` is not made. A folder without a build's marker is left alone. The marker
 * goes: the new tree gets its own.
 */
export async function takeKeptTree(kept: string, staging: string): Promise<KeptFiles | undefined> {
  if (!opensMarked(kept)) return undefined;
  try {
    // Only one build can rename it: another that tries at the same time finds nothing and starts empty.
    await rename(kept, staging);
  } catch {
    return undefined;
  }
  const text = markerOf(staging) ?? '';
  try {
    unlinkSync(join(staging, OUTPUT_MARKER));
  } catch {
    // Its files are then not vouched for: every one is made again, and the rest removed as stale.
    return new Map();
  }
  return markedFiles(text);
}

/** The marker text of the build that wrote `dir`, when it holds one. */
function markerOf(dir: string): string | undefined {
  try {
    const text = readFileSync(join(dir, OUTPUT_MARKER), 'utf8');
    return text.startsWith(OUTPUT_MARKER_TEXT) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `dir` holds a build's marker: only its first line is read (the whole is 2.5 MB at 10,000 pages). */
function opensMarked(dir: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(join(dir, OUTPUT_MARKER), 'r');
    const head = Buffer.alloc(Buffer.byteLength(OUTPUT_MARKER_TEXT));
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString('utf8') === OUTPUT_MARKER_TEXT;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Keeps the tree the swap set aside (`previous`, what the output folder held until now) at `kept` for the next build;
 * removes it when there is no place to keep it, when it has no marker (it is of no use then), or when it cannot be
 * kept there (another disk, or another build kept one meanwhile).
 */
export async function keepTree(previous: string, kept: string | undefined): Promise<void> {
  if (kept === undefined || !opensMarked(previous)) return removeQuietly(previous);
  await mkdir(dirname(kept), { recursive: true })
    .then(() => rename(previous, kept))
    .catch(() => removeQuietly(previous));
}

/** Whether the entry at `file` (a full path) in the tree being written, a folder or not, in the way of a new file, may go. */
export type Clearing = (file: string, folder: boolean) => boolean;

/**
 * Removes what stands at `file`, a whole folder or not, when `clear` says it may go; else rethrows `error`, the
 * failure that found it.
 */
export function clearAt(file: string, folder: boolean, clear: Clearing | undefined, error: unknown): void {
  if (!clear?.(file, folder)) throw error;
  removeTreeNow(file);
}

/**
 * Makes the folder `dir` of the tree `base` being written over, one folder of the way at a time (`made` holds those
 * made or found already). What stands on the way and is not a folder of the tree goes when `clear` lets it: a file
 * the kept tree held where the new tree needs a folder, or a link (put there by hand) to a folder elsewhere, which
 * is never followed: nothing of a build is written outside its tree.
 */
export function makeFolderOver(base: string, dir: string, made: Set<string>, clear: Clearing): void {
  let at = base;
  for (const step of relative(base, dir).split(sep)) {
    at = join(at, step);
    if (made.has(at)) continue;
    try {
      mkdirSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!lstatSync(at).isDirectory()) {
        clearAt(at, false, clear, error);
        mkdirSync(at);
      }
    }
    made.add(at);
  }
}

/** Removes the folders left empty under `base` by the stale files removed from them (`emptied`), deepest first. */
export function removeEmptied(base: string, emptied: Iterable<string>): void {
  const folders = new Set<string>();
  for (let dir of emptied) {
    while (dir !== base && dir.startsWith(base + sep) && !folders.has(dir)) {
      folders.add(dir);
      dir = dirname(dir);
    }
  }
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty: it holds files of the new tree.
    }
  }
}
