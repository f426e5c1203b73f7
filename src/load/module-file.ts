// The files of the modules made for a project (the theme's bundle, its packages' modules): Node
// imports them from the cache folder, so, unlike the rest of what is kept there, they must be written.
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ContentError, diagnostic } from '../contracts/diagnostics.ts';
import { fileSystemWords } from '../write/file-system-words.ts';
import { isFingerprints } from './fingerprint.ts';

/**
 * The module made for the project could not be put where Node imports it from (a folder stands there, the disk is
 * full): the build cannot go on, and says where, in plain words, instead of with a stack.
 */
export function unwritableModule(root: string, file: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return error;
  const folder = relative(root, join(file, '..'));
  const { why } = fileSystemWords(code);
  const hint = `remove ${JSON.stringify(relative(root, file))} or the whole ${folder} folder (builds make what they keep there again)`;
  return new ContentError([diagnostic('cache-folder', { file: folder }, { folder, why, hint })]);
}

/** Whether a regular file is at `file`: a module deleted from the cache, or a folder in its place, is made again. */
export function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/**
 * The manifest kept beside modules made for the project (what they were made from, their hash, and the lists named in
 * `lists`), or null when it is missing, unreadable, of another format, or has a field of another type, as a hand may
 * leave it: what it was for is then made again.
 */
export async function readManifest<T extends { hash: string; inputs: Record<string, string> }>(
  file: string,
  format: number,
  lists: readonly (keyof T & string)[],
): Promise<T | null> {
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown> | null;
    const whole =
      manifest?.format === format &&
      typeof manifest.hash === 'string' &&
      isFingerprints(manifest.inputs) &&
      lists.every((list) => isStringList(manifest[list]));
    return whole ? (manifest as unknown as T) : null;
  } catch {
    return null;
  }
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
