// The cache folder (src/node-module.js: SITE_CACHE_DIR, or node_modules/.cache/site) is made and
// checked once, before a build reads anything: every stage writes into it, and a folder that cannot
// be what they expect ended in the stage's own error (SITE_CACHE_DIR naming a file read as a problem
// with --out), or never ended at all (Node's `mkdir` with `recursive` waits forever for a folder
// under /proc). Here each missing folder on the way is made by itself, so a place that takes no
// folders answers at once, and every refusal names SITE_CACHE_DIR in plain words.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { PAGES_DIR, SCHEMAS_DIR, STATIC_DIR, TEMPLATES_DIR } from '../contracts/project.ts';
import { fileSystemWords } from './file-system-words.ts';
import { realPathOf } from './output-folder.ts';
import { isWithin } from '../folders.ts';

/** Folders whose files the engine reads as the site: a cache file there would become content. */
const CONTENT_FOLDERS = [PAGES_DIR, TEMPLATES_DIR, STATIC_DIR, SCHEMAS_DIR];

/**
 * Makes the cache folder `folder` of the project at `root` if it is missing; a problem when it
 * cannot be the cache: a place the build would overwrite (the output folder `out`, the project
 * itself) or read as content (the output only when the build writes one), a file, or a place where the file system makes no folder or lets
 * none be written. `chosen`: whether SITE_CACHE_DIR chose it (the problem is then placed there).
 */
export async function cacheFolderProblem(root: string, folder: string, out: string | undefined, chosen: boolean): Promise<Diagnostic | undefined> {
  const shown = isWithin(resolve(root), folder) ? relative(root, folder) || '.' : folder;
  const refuse = (why: string, hint: string) =>
    diagnostic(
      'cache-folder',
      { file: chosen ? 'SITE_CACHE_DIR' : shown },
      { folder: shown, why, hint: chosen ? `${hint}, or unset SITE_CACHE_DIR to keep it in node_modules/.cache/site` : hint },
    );
  const fromCode = (error: unknown) => {
    const words = fileSystemWords((error as NodeJS.ErrnoException).code ?? 'EIO', '.site-cache');
    return refuse(words.why, words.hint);
  };
  const project = resolve(root);
  let real: string;
  try {
    real = await realPathOf(folder);
  } catch (error) {
    return fromCode(error);
  }
  const outs = out === undefined ? [] : [resolve(out), await realPathOf(out).catch(() => resolve(out))];
  for (const at of new Set([resolve(folder), real])) {
    if (at === project) return refuse('it is the project folder itself', 'choose a folder of its own, such as .site-cache');
    if (outs.some((folder) => isWithin(folder, at)))
      return refuse('it is the output folder or inside it, which every build replaces', 'choose a folder outside the output, such as .site-cache');
    const top = relative(project, at).split(sep)[0]!;
    if (isWithin(project, at) && CONTENT_FOLDERS.includes(top))
      return refuse(`it is inside the project's ${top}/ folder, whose files are read as the site`, 'choose a folder of its own, such as .site-cache');
  }
  const standing = await stat(real).catch(() => undefined);
  if (standing && !standing.isDirectory()) return refuse('a file stands there, not a folder', 'choose a folder, such as .site-cache');
  try {
    await makeFolder(real);
    await probe(real);
  } catch (error) {
    return fromCode(error);
  }
  return undefined;
}

/**
 * Makes `folder` and the folders on the way to it that are missing, one at a time (never `recursive`).
 * When one cannot be made, those made before it are taken away again: a refused folder changes nothing.
 */
async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  let at = folder;
  for (;;) {
    const found = await lstat(at).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        return false;
      },
    );
    if (found) break;
    missing.unshift(at);
    if (dirname(at) === at) break;
    at = dirname(at);
  }
  // What stands there must be a folder, links followed: a file, a FIFO or a device is not one.
  if (!(await stat(at)).isDirectory()) throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR' });
  const made: string[] = [];
  try {
    for (const path of missing) {
      await mkdir(path).then(
        () => made.push(path),
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        },
      );
    }
    if (!(await stat(folder)).isDirectory()) throw Object.assign(new Error(`${folder} is not a folder`), { code: 'ENOTDIR' });
  } catch (error) {
    for (const path of made.reverse()) await rmdir(path).catch(() => {});
    throw error;
  }
}

/**
 * Writes a file in `folder` and takes it away: whether files can be made there is known only by
 * making one (root may write anywhere by its permissions, and yet nothing is made under /sys).
 */
async function probe(folder: string): Promise<void> {
  const file = join(folder, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  await (await open(file, 'wx')).close();
  await rm(file, { force: true });
}
