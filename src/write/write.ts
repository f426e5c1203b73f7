// The write stage (see the steps in src/build.ts): the one module that touches dist/. A new tree is written
// beside the old one and swapped in with renames, so a failed or killed build
// leaves the previous dist/ whole. The new tree carries the marker that lets a later
// build replace it (see output-folder.ts), and any file system error on the way
// (a read-only disk, a full one, a file where a folder should be) ends in a located
// `--out` problem, with the previous tree in place and nothing of this build beside it.
import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
  type BigIntStats,
} from 'node:fs';
import { contentHash } from '../digest.ts';
import { mkdir, open, readdir, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { listedPath, relativePath } from '../folders.ts';
import { removeQuietly } from './tree-removal.ts';
import { clearAt, keepTree, keptTreeOf, makeFolderOver, removeEmptied, takeKeptTree, type Clearing, type KeptFiles } from './kept-tree.ts';
import { randomBytes } from 'node:crypto';
import { ContentError } from '../contracts/diagnostics.ts';
import { diagnostic } from '../contracts/diagnostics.ts';
import { byteSize, type KeptBytes, type OutputEntry } from '../contracts/output.ts';

export type { KeptBytes, OutputEntry } from '../contracts/output.ts';
import { markedFiles, markerText, OUTPUT_MARKER, realPathOf, stampOf, strangersIn, writeProblem, type FileStamp, type WrittenFile } from './output-folder.ts';
import { keysAddedLater, laterParsesFile } from '../load/load.ts';
import type { ParseCacheStore } from '../validate/parse-cache.ts';

/**
 * An output file whose bytes are already in a file of the engine's cache (a share card drawn by an
 * earlier build, say): the writer links that file into the new tree instead of writing its bytes
 * again, and `contents` reads it only when asked for (the dev server serves from memory). Ten
 * thousand share cards are 130 MB that a build then never reads nor holds. Cache files are only
 * ever replaced whole (src/node-module.js's writeWhole renames a new file over the old), so a
 * linked output file never changes under a later build.
 */
export function keptFile(path: string, kept: KeptBytes): { path: string; readonly contents: Uint8Array; kept: KeptBytes } {
  return {
    path,
    kept,
    get contents() {
      return readFileSync(kept.file);
    },
  };
}

/** Bytes `entry` puts in the output folder. */
export function entrySize(entry: OutputEntry): number {
  return entry.kept ? entry.kept.size : (entry.size ?? byteSize(entry.contents));
}

/**
 * Writes one entry as `file`: linked from the cache where it can be (another disk, a file system without links:
 * written). In a tree written over (kept-tree.ts), what `clear` lets go is removed first.
 */
function writeEntry(file: string, entry: OutputEntry, clear?: Clearing): void {
  if (entry.kept) {
    try {
      if (clear) clearPath(file, clear);
      // Never onto a file already there (see openFresh).
      if (entry.kept.copied) copyFileSync(entry.kept.file, file, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
      else linkSync(entry.kept.file, file);
      return;
    } catch {
      // Written below from the cache's bytes.
    }
  }
  const fd = openFresh(file, clear);
  try {
    writeFileSync(fd, entry.contents);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens `file` as a new file of the tree being written. What may already be at that path is a link to the last
 * build's file or to the cache's (taken, or linked, earlier): opened for writing, it would be that file that
 * changes, and a build refused at the swap would leave the last build changed. It is removed, never written into.
 */
function openFresh(file: string, clear?: Clearing): number {
  try {
    return openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    clearPath(file, clear);
    return openSync(file, 'wx');
  }
}

/** Removes the file at `file`, if any; a folder there only when `clear` lets it go (a kept tree's, see kept-tree.ts). */
function clearPath(file: string, clear: Clearing | undefined): void {
  try {
    unlinkSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EISDIR' && code !== 'EPERM') throw error;
    clearAt(file, true, clear, error);
  }
}

/** Writes `files` as the complete new contents of `outDir`. */
export async function writeOutput(outDir: string, files: readonly OutputEntry[], keptIn?: string): Promise<void> {
  const staging = await openStaging(outDir, keptIn);
  await staging.commit(files);
}

/**
 * A new output tree being written beside the old one. Files go in as they are
 * made (`write`); `commit` adds the rest and swaps the tree in whole; `abandon`
 * removes it and leaves the old one as it was. Other threads write into
 * `folder` too, taking `turns` with this one (see `turnWriter`).
 */
export interface Staging {
  readonly folder: string;
  /** Shared with the other threads that write into `folder`. */
  readonly turns: SharedArrayBuffer;
  /** `folder` is the tree the last build replaced, written over (kept-tree.ts): a writer removes what is in its way. */
  readonly over: boolean;
  write(path: string, contents: string | Uint8Array): void;
  /**
   * Links the file the last build wrote at `path` into the new tree, when the output folder's marker
   * says that build wrote it with `digest` and it is still there as written (size and time): true
   * when it did, false when the file must be made again.
   */
  takeFromLast(path: string, digest: string): boolean;
  /** Whether the output folder's marker says the last build wrote `path` with `digest` (takeFromLast may still find it changed since). */
  lastWrote(path: string, digest: string): boolean;
  /** Bytes given to `write` or taken from the last build so far. */
  readonly written: number;
  /** The stamps of files another thread wrote into the tree (its treeWriter's), so that they are not read back to be stamped. */
  stamped(stamps: Iterable<[string, FileStamp]>): void;
  commit(files: readonly OutputEntry[]): Promise<void>;
  abandon(): Promise<void>;
}

/**
 * Opens the new output tree for the output folder `given`. With `keptIn` (the cache folder), it is the tree the last
 * build replaced when that was kept there, and the tree this build replaces is kept there in turn (kept-tree.ts).
 */
export async function openStaging(given: string, keptIn?: string): Promise<Staging> {
  const { outDir, staging, kept, keptAt } = await openTree(given, keptIn);
  // In a tree written over, what stands in a page's way is the kept tree's (pages never stand in each other's way).
  // The files given at the end only clear what this build did not make: one of its own in the way is a clash of
  // its outputs, which fails here as it does in an empty tree.
  let atTheEnd = false;
  const committed = new Set<string>();
  const clear: Clearing | undefined = kept && ((file, folder) => !atTheEnd || !made.at(relativePath(staging, file), folder));
  const fileFor = folderMaker(staging, clear);
  const turns = new SharedArrayBuffer(4);
  const writer = treeWriter(fileFor, turns, clear);
  const abandon = () => {
    writing.delete(staging);
    return removeQuietly(staging);
  };
  const last = lastBuildTaker(outDir, fileFor, kept && { folder: staging, files: kept, clear: clear! });
  const made = madeIn([writer.stamps, last.linked, committed]);
  return {
    folder: staging,
    turns,
    over: kept !== undefined,
    write: (path, contents) => guarded(given, () => writer.write(path, contents)),
    takeFromLast: last.take,
    lastWrote: last.wrote,
    get written() {
      return writer.written + last.taken;
    },
    stamped(stamps) {
      for (const [path, stamp] of stamps) writer.stamps.set(path, stamp);
    },
    async commit(files) {
      try {
        writer.flush();
        atTheEnd = true;
        for (const f of files) {
          // Written anew below: what was vouched for at this path no longer is.
          writer.stamps.delete(f.path);
          last.linked.delete(f.path);
          committed.add(f.path);
          const asIs = kept && keptCacheFile(join(staging, f.path), f, kept.get(f.path));
          if (asIs) last.linked.set(f.path, asIs);
          else writeEntry(fileFor(f.path), f, clear);
        }
        // In a tree written over, a file this build did not make is the kept tree's, and goes.
        await markTree(staging, writer.stamps, last, kept && ((path) => !made.has(path)));
        await swapIn(staging, outDir, given, keptAt);
        writing.delete(staging);
      } catch (error) {
        await abandon();
        throw outputError(given, error);
      }
    },
    abandon,
  };
}

/** `act`, a write that fails mid-render (a full disk) being the same located problem at `--out` as one at the end. */
function guarded<T>(given: string, act: () => T): T {
  try {
    return act();
  } catch (error) {
    throw outputError(given, error);
  }
}

/**
 * The trees this process is writing: a second build in the same process (the tests', an API user's) must not take
 * one for a killed build's leftover, as it would one of a process no longer running whose number this one now has.
 */
const writing = new Set<string>();

/**
 * The new tree for the output folder `given`, beside it: the tree the last build replaced, when it was kept in
 * `keptIn` (`keptAt`, kept-tree.ts), with what its marker says its build wrote (`kept`), else an empty folder. A
 * build killed earlier is cleaned up after first.
 */
async function openTree(given: string, keptIn: string | undefined) {
  try {
    // A link to a folder elsewhere stays a link: the tree it points to is the one replaced.
    const outDir = await realPathOf(given);
    const parent = dirname(outDir);
    await mkdir(parent, { recursive: true });
    await recover(outDir);
    const staging = join(parent, `.${basename(outDir)}-new-${process.pid}-${randomBytes(4).toString('hex')}`);
    const keptAt = keptIn === undefined ? undefined : keptTreeOf(outDir, keptIn);
    const kept = keptAt === undefined ? undefined : await takeKeptTree(keptAt, staging);
    if (!kept) await mkdir(staging);
    writing.add(staging);
    return { outDir, staging, kept, keptAt };
  } catch (error) {
    throw outputError(given, error);
  }
}

/** The paths a build made in its tree, from the sets that hold them: one, or (`at` a folder) any below it. */
function madeIn(sets: readonly Pick<Set<string>, 'has' | 'keys'>[]) {
  const has = (path: string) => sets.some((paths) => paths.has(path));
  const below = (path: string) => sets.some((paths) => [...paths.keys()].some((p) => p.startsWith(`${path}/`)));
  return { has, at: (path: string, folder: boolean) => (folder ? below(path) : has(path)) };
}

/**
 * Writes the marker of the finished tree `staging`. A file this build wrote (`stamps`, each as it stood once written),
 * or took as the last build wrote it (found as stamped), is stamped as this build found it, without being looked at
 * again (at 10,000 pages, about 60 ms): the tree is this build's own folder, and a file changed in it since would
 * show its change to the next build's check as one made after the marker. The last build's file that another file
 * of the tree is linked from need not be read either.
 */
async function markTree(
  staging: string,
  stamps: ReadonlyMap<string, FileStamp>,
  last: ReturnType<typeof lastBuildTaker>,
  stale?: (path: string) => boolean,
): Promise<void> {
  const made = (path: string) => stamps.get(path) ?? last.linked.get(path);
  writeFileSync(join(staging, OUTPUT_MARKER), markerText(await filesBelow(staging, made, last.unchanged, stale)));
}

/**
 * The kept tree's stamp of the file at `file` when it is the cache file `entry` links, already (a share card drawn by
 * an earlier build), and still as the kept tree's build stamped it: it need not be linked again, nor read to be stamped.
 */
function keptCacheFile(file: string, entry: OutputEntry, stamp: FileStamp | undefined): FileStamp | undefined {
  if (!stamp || !entry.kept?.identity || entry.kept.copied) return undefined;
  const info = regularFile(file);
  return info && `${info.dev}:${info.ino}` === entry.kept.identity ? asWritten(stamp, info) : undefined;
}

/** The status of the regular file at `file`; undefined for anything else (a link, a folder) or nothing. */
function regularFile(file: string): BigIntStats | undefined {
  try {
    const info = lstatSync(file, { bigint: true });
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Staging.takeFromLast for the output folder `outDir`, linking into the new tree's files (`fileFor`), and
 * the bytes it took; and `unchanged`, the last build's stamp of a file of the new tree that is that same
 * file still as stamped (taken from it, or linked from the same file of the cache), so that its bytes
 * need not be read again to stamp the new tree.
 */
function lastBuildTaker(
  outDir: string,
  fileFor: (path: string) => string,
  over?: { folder: string; files: KeptFiles; clear: Clearing },
): {
  take: Staging['takeFromLast'];
  wrote: Staging['lastWrote'];
  unchanged: (path: string, info: BigIntStats) => FileStamp | undefined;
  /** The stamps of the files taken: each is linked to a file found as stamped, and a link is that same file. */
  linked: Map<string, FileStamp>;
  readonly taken: number;
} {
  // What the output folder's marker says its build wrote, read when first asked.
  let last: ReadonlyMap<string, FileStamp> | undefined;
  const marked = (path: string) => (last ??= lastBuild(outDir)).get(path);
  let taken = 0;
  const linked = new Map<string, FileStamp>();
  const keptWith = (path: string, digest: string) => {
    const stamp = over?.files.get(path);
    return stamp?.digest === digest ? stamp : undefined;
  };
  const wrote = (path: string, digest: string): boolean => marked(path)?.digest === digest || keptWith(path, digest) !== undefined;
  // The last build's file at `path`, linked into the new tree, when it was written with `digest` and is still as written.
  const linkLast = (path: string, digest: string): FileStamp | undefined => {
    const stamp = marked(path);
    if (!stamp || stamp.digest !== digest) return undefined;
    try {
      const from = join(outDir, path);
      const info = lstatSync(from, { bigint: true });
      if (!info.isFile() || info.size !== stamp.size || info.mtimeNs !== stamp.mtime) return undefined;
      const to = fileFor(path);
      if (over) clearPath(to, over.clear);
      linkSync(from, to);
      return stamp;
    } catch {
      // Gone, or a file system without links: made again.
      return undefined;
    }
  };
  const take = (path: string, digest: string): boolean => {
    // A tree written over may hold the file already, as its build wrote it: nothing to do.
    const kept = over && asWritten(keptWith(path, digest), regularFile(join(over.folder, path)));
    const stamp = kept ?? linkLast(path, digest);
    if (!stamp) return false;
    linked.set(path, stamp);
    taken += Number(stamp.size);
    return true;
  };
  return {
    take,
    wrote,
    unchanged: (path, info) => sameAsLast(outDir, marked(path), path, info),
    linked,
    get taken() {
      return taken;
    },
  };
}

/** The last build's stamp of the file at `path`, when the file of the new tree whose status is `info` is that same file, as stamped. */
function sameAsLast(outDir: string, stamp: FileStamp | undefined, path: string, info: BigIntStats): FileStamp | undefined {
  if (!stamp || info.size !== stamp.size || info.mtimeNs !== stamp.mtime) return undefined;
  try {
    const before = lstatSync(join(outDir, path), { bigint: true });
    return before.ino === info.ino && before.dev === info.dev ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** `stamp`, when the file whose status is `info` is still as it was written with it. */
function asWritten(stamp: FileStamp | undefined, info: BigIntStats | undefined): FileStamp | undefined {
  return stamp && info && stamp.size === info.size && stamp.mtime === info.mtimeNs ? stamp : undefined;
}

/** What the marker of the output folder `outDir` says its build wrote; nothing when there is none. */
function lastBuild(outDir: string): ReadonlyMap<string, FileStamp> {
  try {
    return markedFiles(readFileSync(join(outDir, OUTPUT_MARKER), 'utf8'));
  } catch {
    return new Map();
  }
}

/**
 * Every file below `dir` (this build's tree, whoever wrote it), relative with forward slashes, with its
 * stamp, sorted. `made` gives the stamp of a regular file this build made or took, as it stood then, which is then
 * not looked at; `known`, that of a file found to be the last build's same file, which is then not read.
 */
async function filesBelow(
  dir: string,
  made: (path: string) => FileStamp | undefined,
  known: (path: string, info: BigIntStats) => FileStamp | undefined,
  stale?: (path: string) => boolean,
): Promise<WrittenFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: WrittenFile[] = [];
  const emptied = new Set<string>();
  for (const e of entries) {
    if (e.isDirectory()) continue;
    const { path, file } = listedPath(dir, e);
    if (stale?.(path)) {
      unlinkSync(file);
      emptied.add(e.parentPath);
      continue;
    }
    const stamp = (e.isFile() ? made(path) : undefined) ?? (await stampOf(file, (info) => known(path, info)));
    if (stamp) files.push({ path, ...stamp });
  }
  removeEmptied(dir, emptied);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file system error met writing the output as its located `--out` problem; anything else (a bug) as it is. */
export function outputError(outDir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof ContentError || typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error;
  return new ContentError([writeProblem(outDir, code)]);
}

/** Files a thread holds before it tries for a turn: a turn costs two atomic operations, a file tens of microseconds. */
const BATCH = 16;
/** A thread holding this many files waits for its turn, so the pages held stay few (about 10 MB of HTML). */
const MOST_HELD = 256;

/** Writes files in turns with the other threads writing the same tree. */
export interface TurnWriter {
  /** Holds the file, and writes what it holds when it is this thread's turn. */
  write(path: string, contents: string | Uint8Array): void;
  /** Waits for a turn and writes whatever is held. */
  flush(): void;
  /** Bytes given to `write` so far (what a build reports it wrote). */
  readonly written: number;
}

/**
 * Files written in turns by the threads sharing `turns` (one 32-bit word: 1 while a thread is
 * writing). Creating a file locks its folder, and threads creating files in one folder at once
 * wait on each other in the kernel: on the test machine (ext4 on a virtual disk), 10,000 files of
 * 40 kB took 0.3-0.6 s from one thread in turn, 0.7-0.8 s as promises 32 at a time, and 3.5-3.8 s
 * from two threads at once into one folder (0.4-2.2 s into two). A thread that finds the
 * other writing goes on rendering and tries again a page later, so neither waits until one holds
 * MOST_HELD files. Synchronous: Node's promised writeFile is four trips to its thread pool per file.
 */
export function turnWriter(turns: SharedArrayBuffer, writeOne: (path: string, contents: string | Uint8Array) => void): TurnWriter {
  const word = new Int32Array(turns);
  const held: [string, string | Uint8Array][] = [];
  let written = 0;
  const take = (wait: boolean): boolean => {
    while (Atomics.compareExchange(word, 0, 0, 1) !== 0) {
      if (!wait) return false;
      Atomics.wait(word, 0, 1);
    }
    return true;
  };
  const writeHeld = () => {
    try {
      for (const [path, contents] of held) writeOne(path, contents);
    } finally {
      held.length = 0;
      Atomics.store(word, 0, 0);
      Atomics.notify(word, 0);
    }
  };
  return {
    write(path, contents) {
      held.push([path, contents]);
      written += byteSize(contents);
      if (held.length >= BATCH && take(held.length >= MOST_HELD)) writeHeld();
    },
    flush() {
      if (held.length > 0 && take(true)) writeHeld();
    },
    get written() {
      return written;
    },
  };
}

/**
 * A turnWriter whose files go into the tree `fileFor` names (see folderMaker). A page is best given
 * as text: Node encodes a string straight into the file, with no buffer made for it.
 */
export function treeWriter(
  fileFor: (path: string) => string,
  turns: SharedArrayBuffer,
  clear?: Clearing,
): TurnWriter & { readonly stamps: Map<string, FileStamp> } {
  // Each file's stamp as written, from the bytes in hand: the marker then need not read the file back (10,000 pages are 400 MB).
  const stamps = new Map<string, FileStamp>();
  const writer = turnWriter(turns, (path, contents) => {
    const fd = openFresh(fileFor(path), clear);
    try {
      writeFileSync(fd, contents);
      const { size, mtimeNs } = fstatSync(fd, { bigint: true });
      stamps.set(path, { digest: contentHash(contents), size, mtime: mtimeNs });
    } finally {
      closeSync(fd);
    }
  });
  return Object.assign(writer, { stamps });
}

/** The tree being written, as another thread sees it: its folder, the turns at writing it, and whether it is written over. */
export interface SharedTree {
  folder: string;
  turns: SharedArrayBuffer;
  over: boolean;
}

/**
 * A treeWriter for another thread writing pages into `tree`. In a tree written over, what stands in a page's way
 * is the kept tree's and goes: pages never stand in each other's way (each is its route's index.html).
 */
export function sharedTreeWriter(tree: SharedTree): ReturnType<typeof treeWriter> {
  const clear = tree.over ? () => true : undefined;
  return treeWriter(folderMaker(tree.folder, clear), tree.turns, clear);
}

/**
 * For a tree being written under `base`: makes the folder of a path inside it the first time it is
 * asked (each folder once, however many files go in it) and returns the path's full name. In a tree
 * written over (`clear`, kept-tree.ts), each folder on the way is made sure of first (makeFolderOver).
 */
export function folderMaker(base: string, clear?: Clearing): (path: string) => string {
  const made = new Set<string>([base]);
  return (path) => {
    const file = join(base, path);
    const dir = dirname(file);
    if (!made.has(dir)) {
      if (clear) makeFolderOver(base, dir, made, clear);
      else mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    return file;
  };
}

/** Puts the finished tree `staging` in the place of `outDir` (`given` as the user wrote it), keeping the old one at `keptAt`. */
async function swapIn(staging: string, outDir: string, given: string, keptAt: string | undefined): Promise<void> {
  const parent = dirname(outDir);
  const name = basename(outDir);
  // Two renames: the old tree steps aside, the new one takes its name. If the
  // process dies between them, recover() on the next run puts the old one back.
  const previous = join(parent, `.${name}-old-${process.pid}-${randomBytes(4).toString('hex')}`);
  // The caller removes `staging` when this throws.
  const hadPrevious = await rename(outDir, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    // The folder was judged before rendering; a file put into it since (while the build ran) would be
    // lost with it. Once set aside nothing writes into it, so it is judged again there, for good.
    if (hadPrevious) {
      const strangers = await addedSince(previous);
      if (strangers.length > 0) {
        throw new ContentError([
          diagnostic('output-folder-added', { file: '--out' }, { out: given, names: strangers.map((n) => JSON.stringify(n)).join(', ') }),
        ]);
      }
    }
    await rename(staging, outDir);
  } catch (error) {
    // Should putting it back fail too, recover() does it on the next run (the name says whose it was).
    if (hadPrevious) await rename(previous, outDir).catch(() => {});
    throw error;
  }
  // The new build is in place; the old tree is kept for the next build to write over (kept-tree.ts), or removed (one
  // that cannot be removed, read-only files say, is tried again next time).
  if (hadPrevious) await keepTree(previous, keptAt);
}

/** Files of the earlier tree `dir` no build vouches for: the unlisted or changed ones of a marked tree, any file of an unmarked one. */
async function addedSince(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  if (names.includes(OUTPUT_MARKER)) return strangersIn(dir);
  return names.sort().slice(0, 3);
}

/**
 * Cleans up after a build that was killed: half-written staging trees go, and
 * if the output folder is missing while a set-aside old tree exists, it returns.
 */
export async function recover(outDir: string): Promise<void> {
  const parent = dirname(outDir);
  const name = basename(outDir);
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  // A tree whose build is still running (another process) is not a leftover.
  // The whole name must match: `.dist-new-old-…` is the set-aside build of a folder called dist-new.
  const ours = new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(?:new|old)-\\d+-[0-9a-f]+$`);
  const leftovers = entries
    .filter((e) => ours.test(e))
    .filter((e) => !isAlive(Number(e.split('-').at(-2))) && !writing.has(join(parent, e)))
    .sort();
  const exists = entries.includes(name);
  const old = leftovers.find((e) => e.startsWith(`.${name}-old-`));
  if (!exists && old) await rename(join(parent, old), outDir);
  for (const leftover of leftovers) {
    if (leftover === old && !exists) continue;
    await removeQuietly(join(parent, leftover));
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Refreshes files in the project itself (the editor schemas), writing only
 * those whose contents changed so editors and git see no churn. Returns the changed paths.
 */
export async function refreshFiles(root: string, files: readonly { path: string; contents: string }[]): Promise<string[]> {
  const changed: string[] = [];
  for (const file of files) {
    const target = join(root, file.path);
    const current = await readFile(target, 'utf8').catch(() => null);
    if (current === file.contents) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.contents);
    changed.push(file.path);
  }
  return changed;
}

/** Characters of JSON gathered before they are written: a few writes per megabyte, never the whole text at once. */
const CACHE_PIECE = 1 << 20;

/**
 * Saves the parse cache `used` (the entries this run used), `loaded` being what readParseCache gave it; a failure
 * only costs speed on the next run, so it is ignored. While nearly all of the file's entries are still in use and
 * only a few are new (a build after an edit), only what the file lacks is written, to the file of later additions
 * (laterParsesFile): 10,000 pages' values are about 45 MB of JSON, which took a warm build about 130 ms to write
 * out again for one page. Else the whole file is written again with only what this run used, and the later
 * additions go. Any entries of either file are good ones, so a build killed between the two writes loses nothing.
 */
export async function saveParseCache(target: string, used: Record<string, unknown>, loaded: Record<string, unknown>): Promise<void> {
  const later = keysAddedLater(loaded);
  const usedKeys = Object.keys(used);
  const inFile = Object.keys(loaded).length - later.size;
  const fromFile = usedKeys.filter((key) => Object.hasOwn(loaded, key) && !later.has(key));
  const additions = usedKeys.filter((key) => !Object.hasOwn(loaded, key) || later.has(key));
  const few = usedKeys.length / LATER_SHARE;
  if (fromFile.length > 0 && additions.length <= few && inFile - fromFile.length <= few) {
    await writeParseCache(laterParsesFile(target), Object.fromEntries(additions.map((key) => [key, used[key]])));
    return;
  }
  await writeParseCache(target, used);
  await rm(laterParsesFile(target), { force: true }).catch(() => {});
}

/**
 * Saves what the parse cache `cache` learned this run, `known` being the keys of the page files known without being
 * read (src/load/known-texts.ts), in use whether their values were read or not. A cache whose larger part was never
 * read (nearly every page known, see createParseCache) adds what it parsed anew to the file of later additions, until
 * those pass their share; then it is read whole and saved as saveParseCache does.
 */
export async function saveParseStore(target: string, cache: ParseCacheStore, known: readonly string[], pages: number): Promise<void> {
  if (!cache.whole()) {
    const added = Object.keys(cache.added());
    if (added.length === 0) return;
    const later = cache.entries();
    const most = Math.max(pages / LATER_SHARE, LATER_AT_LEAST);
    if (Object.keys(later).length + added.length <= most) return writeParseCache(laterParsesFile(target), { ...later, ...cache.added() });
    cache.readRest();
  }
  cache.keep(known);
  const used = cache.changes();
  if (used) await saveParseCache(target, used, cache.entries());
}

/**
 * The later additions of a build that did not read the whole cache may be this many, however few the pages: such a
 * build does not find a Markdown page's front matter in the whole file (the real site's 20 posts, a fifth of its pages),
 * and parses it anew, which the later additions then keep.
 */
const LATER_AT_LEAST = 64;

/** The later additions stay at most this share of the entries in use, and so do entries of the file no longer used. */
const LATER_SHARE = 10;

/**
 * Writes parse cache entries to `target`. The JSON is written a piece at a time: 10,000 pages' values are about
 * 45 MB of it, which made whole would be held twice (as text, then as bytes) while the build's other threads render.
 * The file is the same as JSON.stringify(entries), and replaces the old one whole; a failure is ignored.
 */
export async function writeParseCache(target: string, entries: Record<string, unknown>): Promise<void> {
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  let handle: FileHandle | undefined;
  try {
    await mkdir(dirname(target), { recursive: true });
    handle = await open(temporary, 'w');
    let piece = '{';
    let separator = '';
    for (const key of Object.keys(entries)) {
      const value = JSON.stringify(entries[key]);
      // What JSON.stringify leaves out of an object (undefined, a function) is left out here too.
      if (value === undefined) continue;
      piece += `${separator}${JSON.stringify(key)}:${value}`;
      separator = ',';
      if (piece.length >= CACHE_PIECE) {
        await handle.write(piece);
        piece = '';
      }
    }
    await handle.write(`${piece}}`);
    await handle.close();
    handle = undefined;
    await rename(temporary, target);
  } catch {
    // Even the clean-up may fail (the cache folder is a file): still only speed is lost.
    await handle?.close().catch(() => {});
    await rm(temporary, { force: true }).catch(() => {});
  }
}
