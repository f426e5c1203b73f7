// Decap CMS's files, copied once into the cache folder of the node_modules they were installed in, so
// that every build links them into its output as it links its share cards, instead of copying 6.5 MB
// (about 30 ms of the real site's 0.5 s build). Linked from the package itself, a tool that rewrote
// dist/ in place would rewrite the package through the link; linked from this copy, it can only spoil
// the copy, and a copy whose files no longer have the sizes and times they were copied with is made
// again, in a new folder beside it (builds running at once may be linking from the folder another finds
// spoiled a moment later). The copy is named after the package's files as installed (names, sizes, times): `npm ci` or
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
  try {
    return from(usableCopy(cacheRoot, `decap-${key}`, sources), false);
  } catch {
    return from(folder, true);
  }
}

/**
 * The newest copy named `${name}-<generation>` in `cacheRoot` whose files are as copied, made when there
 * is none. A spoiled copy is never made again in its own folder: the next generation is made beside it,
 * so a build that took a copy while it was whole links from a folder no other build removes or replaces.
 * A folder is made under its name only by renaming it there, which fails when another build got there
 * first; that build's copy is then the one taken.
 */
function usableCopy(cacheRoot: string, name: string, sources: readonly { name: string; file: string }[]): string {
  for (let attempt = 0; attempt < 8; attempt++) {
    const generations = generationsOf(cacheRoot, name);
    const newest = generations.at(-1);
    if (newest !== undefined && intact(join(cacheRoot, `${name}-${newest}`))) return join(cacheRoot, `${name}-${newest}`);
    const next = (newest ?? -1) + 1;
    if (!makeCopy(join(cacheRoot, `${name}-${next}`), sources)) continue;
    // The generations before are spoiled: each goes once it is found so (renamed away first, so that no
    // build that finds one half removed takes it for a copy).
    for (const generation of generations) removeSpoiled(join(cacheRoot, `${name}-${generation}`));
    return join(cacheRoot, `${name}-${next}`);
  }
  throw new Error(`${name}: other builds kept making new copies`);
}

/** The generations of the copies named `${name}-<n>` in `cacheRoot`, oldest first. */
function generationsOf(cacheRoot: string, name: string): number[] {
  let names: string[];
  try {
    names = readdirSync(cacheRoot);
  } catch {
    return [];
  }
  const pattern = new RegExp(`^${name}-(\\d+)$`);
  return names
    .map((n) => pattern.exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
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

/**
 * Copies `sources` into a new folder and renames it to `copy`, so no build ever links half a copy; false
 * when another build's folder is there already.
 */
function makeCopy(copy: string, sources: readonly { name: string; file: string }[]): boolean {
  const aside = asideOf(copy);
  mkdirSync(aside, { recursive: true });
  try {
    const record: Record<string, string> = {};
    for (const { name, file } of sources) {
      copyFileSync(file, join(aside, name));
      record[name] = stampOf(join(aside, name));
    }
    writeFileSync(join(aside, RECORD), JSON.stringify(record));
    renameSync(aside, copy);
    return true;
  } catch (error) {
    rmSync(aside, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
}

function removeSpoiled(copy: string): void {
  if (!existsSync(copy) || intact(copy)) return;
  const aside = asideOf(copy);
  try {
    renameSync(copy, aside);
  } catch {
    return;
  }
  rmSync(aside, { recursive: true, force: true });
}

function asideOf(copy: string): string {
  return `${copy}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
}

function stampOf(file: string): string {
  const info = lstatSync(file, { bigint: true });
  return `${info.isFile() ? 'file' : 'other'} ${info.size} ${info.mtimeNs}`;
}
