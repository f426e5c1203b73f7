// Watching the project for the dev server: chokidar reports each change;
// changes that arrive together (an editor saving several files, a save that
// writes aside and renames) are handed on as one batch of project-relative paths.
import { watch } from 'chokidar';
import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';
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
    ignored: (path) => {
      const segments = relative(root, resolvePath(root, path)).split(/[\\/]/);
      if (segments.length === 1 && segments[0] === '') return false;
      // Hidden files are editors' swap files and the engine ignores them anyway.
      return !WATCHED.includes(segments[0]!) || segments.some((segment) => segment.startsWith('.') && segment.length > 1);
    },
  });
  // What each watched path was when last looked at (see the patrol below).
  let kinds = new Map(WATCHED.map((path) => [path, kindOf(root, path)]));
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    const batch = [...pending].sort();
    pending = new Set();
    onBatch(batch);
    lookAgain(batch);
  };
  const noticed = (path: string) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(flush, SETTLE_MS);
  };
  watcher.on('all', (event, path) => {
    const relativePath = relative(root, resolvePath(root, path)).split(sep).join('/');
    // A watched path that was a file and is a folder again (or the other way) is watched afresh:
    // chokidar keeps watching it as what it was, and would report nothing below it.
    if (WATCHED.includes(relativePath) && event !== 'addDir' && isFolder(root, relativePath)) watcher.unwatch(relativePath).add(relativePath);
    // Any change to a watched path itself is looked at again by the patrol below, even if it is back
    // as it was by then (a folder moved away, replaced by a file, and moved back in a moment).
    if (WATCHED.includes(relativePath)) kinds.set(relativePath, 'changed');
    noticed(relativePath);
  });

  // chokidar drops a second change to one file that comes within 50 ms of the
  // first (a save that truncates, then writes; two quick saves). So each batch
  // is looked at once more after that window, and a file whose size or time
  // moved since is reported again.
  const checks = new Set<NodeJS.Timeout>();
  const lookAgain = (batch: string[]) => {
    const before = new Map(batch.map((path) => [path, print(root, path)]));
    const check = setTimeout(() => {
      checks.delete(check);
      for (const [path, was] of before) if (print(root, path) !== was) noticed(path);
    }, RECHECK_MS);
    checks.add(check);
  };
  // Under load chokidar can miss a watched folder replaced (by a file, then a folder again): it then
  // watches the old one, gone, and reports nothing below the new one for good. So the watched paths
  // themselves are looked at every second, and a folder among them that is not what it was (another
  // folder, a file, gone, or back) is watched afresh and reported, which rebuilds all it holds.
  const patrol = setInterval(() => {
    const now = new Map(WATCHED.map((path) => [path, kindOf(root, path)]));
    for (const [path, kind] of now) {
      const was = kinds.get(path)!;
      // A file saved by writing aside and renaming is a new file each time: chokidar reports those.
      if (kind === was || (!kind.startsWith('folder') && !was.startsWith('folder'))) continue;
      if (kind.startsWith('folder')) watcher.unwatch(path).add(path);
      noticed(path);
    }
    kinds = now;
  }, PATROL_MS);
  patrol.unref();
  // An error event nobody listens to would end the process; the dev server says it and keeps going.
  watcher.on('error', (error) => onError(error instanceof Error ? error : new Error(String(error))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    close: async () => {
      clearInterval(patrol);
      clearTimeout(timer);
      for (const check of checks) clearTimeout(check);
      await watcher.close();
    },
  };
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
