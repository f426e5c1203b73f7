// Watching the project for the dev server: chokidar reports each change;
// changes that arrive together (an editor saving several files, a save that
// writes aside and renames) are handed on as one batch of project-relative paths.
import { watch, type FSWatcher } from 'chokidar';
import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { relativePath } from '../folders.ts';
import { PAGES_DIR, SITE_FILE, STATIC_DIR, TEMPLATES_DIR } from '../contracts/project.ts';

/** What the dev server watches: the content, the static files and the theme. */
export const WATCHED = [SITE_FILE, PAGES_DIR, STATIC_DIR, TEMPLATES_DIR];

/** Quiet time after a change before the batch is handed on; editors' saves land within it. */
const SETTLE_MS = 8;
/** After chokidar's own 50 ms window for repeated changes to one file. */
const RECHECK_MS = 70;
/** How often the watched paths themselves are looked at (four stats). */
const PATROL_MS = 1000;

export interface Watcher {
  /** Resolves once the initial scan is done and changes are being reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** A part of the watcher that keeps timers, stopped when the watcher closes. */
interface Stoppable {
  stop(): void;
}

export function watchProject(root: string, onBatch: (paths: string[]) => void, onError: (error: Error) => void = () => {}): Watcher {
  // The project folder is watched, with all but the watched paths left out, rather than each watched
  // path: chokidar forgets a watched folder that is removed, so pages/ or static/ moved away and back
  // (or made a file and a folder again) was never looked at again until the server restarted.
  const watcher = watch('.', {
    cwd: root,
    ignoreInitial: true,
    // A link is watched as a link: one to a folder out of the project (to /, say) would have every
    // file below it watched, and the build refuses it at its path anyway.
    followSymlinks: false,
    ignored: (path) => !isWatched(relative(root, resolvePath(root, path))),
  });
  const recheck = recheckAfterChokidar(root, (path) => batches.noticed(path));
  const batches = changeBatches((batch) => {
    onBatch(batch);
    recheck.look(batch);
  });
  const patrol = watchedPathsPatrol(root, watcher, batches.noticed);
  watcher.on('all', (event, path) => {
    const inRoot = relativePath(root, resolvePath(root, path));
    // A watched path that was a file and is a folder again (or the other way) is watched afresh:
    // chokidar keeps watching it as what it was, and would report nothing below it.
    if (WATCHED.includes(inRoot) && event !== 'addDir' && isFolder(root, inRoot)) watcher.unwatch(inRoot).add(inRoot);
    if (WATCHED.includes(inRoot)) patrol.changed(inRoot);
    batches.noticed(inRoot);
  });
  // An error event nobody listens to would end the process; the dev server says it and keeps going.
  watcher.on('error', (error) => onError(error instanceof Error ? error : new Error(String(error))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    close: async () => {
      for (const part of [patrol, batches, recheck]) part.stop();
      await watcher.close();
    },
  };
}

/** Whether a project-relative path (either slash) is the project or in a watched path, and not hidden. */
function isWatched(path: string): boolean {
  const segments = path.split(/[\\/]/);
  if (segments.length === 1 && segments[0] === '') return true;
  // Hidden files are editors' swap files and the engine ignores them anyway.
  return WATCHED.includes(segments[0]!) && !segments.some((segment) => segment.startsWith('.') && segment.length > 1);
}

/** Paths noticed within SETTLE_MS of each other, handed on together, sorted. */
function changeBatches(onBatch: (paths: string[]) => void): Stoppable & { noticed(path: string): void } {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    const batch = [...pending].sort();
    pending = new Set();
    onBatch(batch);
  };
  return {
    noticed(path) {
      pending.add(path);
      clearTimeout(timer);
      timer = setTimeout(flush, SETTLE_MS);
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * chokidar drops a second change to one file that comes within 50 ms of the
 * first (a save that truncates, then writes; two quick saves). So each batch
 * is looked at once more after that window, and a file whose size or time
 * moved since is noticed again.
 */
function recheckAfterChokidar(root: string, noticed: (path: string) => void): Stoppable & { look(batch: string[]): void } {
  const checks = new Set<NodeJS.Timeout>();
  return {
    look(batch) {
      const before = new Map(batch.map((path) => [path, print(root, path)]));
      const check = setTimeout(() => {
        checks.delete(check);
        for (const [path, was] of before) if (print(root, path) !== was) noticed(path);
      }, RECHECK_MS);
      checks.add(check);
    },
    stop() {
      for (const check of checks) clearTimeout(check);
    },
  };
}

/**
 * Under load chokidar can miss a watched folder replaced (by a file, then a folder again): it then
 * watches the old one, gone, and reports nothing below the new one for good. So the watched paths
 * themselves are looked at every second, and a folder among them that is not what it was (another
 * folder, a file, gone, or back) is watched afresh and noticed, which rebuilds all it holds.
 */
function watchedPathsPatrol(root: string, watcher: FSWatcher, noticed: (path: string) => void): Stoppable & { changed(path: string): void } {
  // What each watched path was when last looked at.
  let kinds = new Map(WATCHED.map((path) => [path, kindOf(root, path)]));
  const patrol = setInterval(() => {
    const now = new Map(WATCHED.map((path) => [path, kindOf(root, path)]));
    for (const path of foldersReplaced(kinds, now)) {
      if (now.get(path)!.startsWith('folder')) watcher.unwatch(path).add(path);
      noticed(path);
    }
    kinds = now;
  }, PATROL_MS);
  patrol.unref();
  return {
    // Any change chokidar reports to a watched path itself is looked at again, even if it is back
    // as it was by then (a folder moved away, replaced by a file, and moved back in a moment).
    changed: (path) => void kinds.set(path, 'changed'),
    stop: () => clearInterval(patrol),
  };
}

/** The watched paths that are or were a folder and are not what they were. */
function foldersReplaced(was: ReadonlyMap<string, string>, now: ReadonlyMap<string, string>): string[] {
  // A file saved by writing aside and renaming is a new file each time: chokidar reports those.
  return [...now].filter(([path, kind]) => kind !== was.get(path)! && (kind.startsWith('folder') || was.get(path)!.startsWith('folder'))).map(([path]) => path);
}

function isFolder(root: string, path: string): boolean {
  try {
    return statSync(resolvePath(root, path)).isDirectory();
  } catch {
    return false;
  }
}

/** What a path is: a folder or a file, which one (its inode), or `gone`. */
function kindOf(root: string, path: string): string {
  try {
    const info = statSync(resolvePath(root, path));
    return `${info.isDirectory() ? 'folder' : 'file'} ${info.ino}`;
  } catch {
    return 'gone';
  }
}

/**
 * What `paths` are on disk now (size and time), for `movedWithinRecheck`: a save that truncates a file and
 * writes it in a second step can be read between the two, under load longer after the first than SETTLE_MS.
 */
export function filePrints(root: string, paths: readonly string[]): Map<string, string> {
  return new Map(paths.map((path) => [path, print(root, path)]));
}

/**
 * Resolves once the recheck of a batch noticed at `since` has looked (RECHECK_MS), with whether any of
 * `prints` moved meanwhile: then what was read of them was half a save, and a later batch brings the rest.
 */
export async function movedWithinRecheck(root: string, prints: ReadonlyMap<string, string>, since: number): Promise<boolean> {
  const wait = since + RECHECK_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return [...prints].some(([path, was]) => print(root, path) !== was);
}

/** Size and modification time of a file, or `gone`. */
function print(root: string, path: string): string {
  try {
    const info = statSync(resolvePath(root, path));
    return `${info.size} ${info.mtimeMs}`;
  } catch {
    return 'gone';
  }
}

/** chokidar reports paths relative to `cwd` when it is given; absolute ones are taken as they are. */
function resolvePath(root: string, path: string): string {
  return /^([a-zA-Z]:)?[\\/]/.test(path) ? path : `${root}${sep}${path}`;
}
