// Decap CMS's files, copied once into the cache folder of the node_modules they were installed in, so
// that every build links them into its output as it links its share cards, instead of copying 6.5 MB
// (about 30 ms of the real site's 0.5 s build). Linked from the package itself, a tool that rewrote
// dist/ in place would rewrite the package through the link; linked from this copy, it can only spoil
// the copy, and a copy whose files no longer have the sizes and times they were copied with is made
// again. The copy is named after the package's files as installed (names, sizes, times): `npm ci` or
// another version makes a new one.
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { cacheKey } from '../digest.ts';

/** A file of the copy: its name in the package, where the copy is, and its size. */
export interface CopiedFile {
  name: string;
  file: string;
  size: number;
}

/** What the copy's folder says of its files as copied, checked before each use. */
const RECORD = 'copied.json';

/**
 * The files of `folder` whose names `wanted` accepts, as copies in `cacheRoot` (made when missing or
 * spoiled), sorted by name; the package's own files when there is no cache folder (a package outside
 * any node_modules) or no copy can be made there (a read-only install), which the caller must then
 * copy rather than link.
 */
export function decapCopy(folder: string, wanted: RegExp, cacheRoot: string | undefined): { files: CopiedFile[]; own: boolean } {
  const names = readdirSync(folder)
    .filter((name) => wanted.test(name))
    .sort();
  const sources = names.map((name) => ({ name, file: join(folder, name), info: statSync(join(folder, name), { bigint: true }) }));
  const key = cacheKey(sources.map((s) => `${s.name} ${s.info.size} ${s.info.mtimeNs}`).join('\n')).slice(0, 16);
  const from = (dir: string, own: boolean) => ({ files: sources.map((s) => ({ name: s.name, file: join(dir, s.name), size: Number(s.info.size) })), own });
  if (cacheRoot === undefined) return from(folder, true);
  const copy = join(cacheRoot, `decap-${key}`);
  try {
    if (!intact(copy)) makeCopy(copy, sources);
  } catch {
    return from(folder, true);
  }
  return from(copy, false);
}

/** Whether every file of the copy at `copy` still has the size and time it was copied with. */
function intact(copy: string): boolean {
  if (!existsSync(join(copy, RECORD))) return false;
  try {
    const record = JSON.parse(readFileSync(join(copy, RECORD), 'utf8')) as Record<string, string>;
    return Object.entries(record).every(([name, stamp]) => stampOf(join(copy, name)) === stamp);
  } catch {
    return false;
  }
}

/** Copies `sources` into a new folder and renames it to `copy`, so no build ever links half a copy. */
function makeCopy(copy: string, sources: readonly { name: string; file: string }[]): void {
  const aside = `${copy}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  mkdirSync(aside, { recursive: true });
  try {
    const record: Record<string, string> = {};
    for (const { name, file } of sources) {
      copyFileSync(file, join(aside, name));
      record[name] = stampOf(join(aside, name));
    }
    writeFileSync(join(aside, RECORD), JSON.stringify(record));
    // Another build that made the same copy meanwhile has won: its copy stays, as that build may be linking from it.
    if (intact(copy)) {
      rmSync(aside, { recursive: true, force: true });
      return;
    }
    // Only a spoiled copy goes.
    rmSync(copy, { recursive: true, force: true });
    renameSync(aside, copy);
  } catch (error) {
    rmSync(aside, { recursive: true, force: true });
    if (!intact(copy)) throw error;
  }
}

function stampOf(file: string): string {
  const info = lstatSync(file, { bigint: true });
  return `${info.isFile() ? 'file' : 'other'} ${info.size} ${info.mtimeNs}`;
}
