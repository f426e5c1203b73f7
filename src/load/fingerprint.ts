// Whether the files a cached result was made from have changed since: the
// theme bundle and the templates' type check are both reused while they have not.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { relativePath } from '../folders.ts';
import { cacheKey } from '../digest.ts';

/**
 * The project's own files by content (an edit can keep size and mtime); installed packages by size and mtime;
 * a folder, written with a trailing slash, by the names of the files below it, so a new file is a change;
 * written with a trailing `/*`, by the names of the files directly in it (not folders, nor names
 * starting with a dot: no import finds those by adding an extension, and a build makes and removes some).
 */
export function fingerprint(root: string, input: string): string {
  try {
    const path = resolve(root, input);
    if (input.endsWith('/*')) return cacheKey(namesIn(dirname(path)).join('\n'));
    if (input.endsWith('/')) return cacheKey(fileNames(path).join('\n'));
    if (!input.includes('node_modules/')) return cacheKey(readFileSync(path));
    const stat = statSync(path);
    return `${stat.mtimeMs} ${stat.size}`;
  } catch {
    return 'missing';
  }
}

/**
 * Each input (a path relative to `root`) with its fingerprint now, and the names in each folder of the
 * project's that holds one: an import without its extension (`./label`) finds another file when one
 * that comes first (`label.tsx` before `label.ts`) is added beside it, and what was made from the
 * inputs is then out of date although no input changed.
 */
export function fingerprints(root: string, inputs: readonly string[]): Record<string, string> {
  const folders = inputs.filter((input) => !input.includes('node_modules/') && !input.endsWith('/')).map((input) => `${dirname(input)}/*`);
  return Object.fromEntries([...new Set([...inputs, ...folders])].map((input) => [input, fingerprint(root, input)]));
}

/** Whether `value` is inputs with their fingerprints, as fingerprints() gives them (read back from a file, it may be anything). */
export function isFingerprints(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((print) => typeof print === 'string');
}

/** Whether every input still has the fingerprint it had. */
export function unchanged(root: string, inputs: Record<string, string>): boolean {
  return Object.entries(inputs).every(([input, print]) => fingerprint(root, input) === print);
}

function fileNames(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relativePath(folder, resolve(entry.parentPath, entry.name)))
    .sort();
}

function namesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}
