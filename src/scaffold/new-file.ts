// `site new`: which file to write and what goes in it (pure), and writing it
// without ever replacing a file that is there (the only I/O here).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PAGES_DIR } from '../contracts/project.ts';
import type { Theme } from '../contracts/theme.ts';
import { listFiles } from '../load/load.ts';
import { loadTheme } from '../load/theme.ts';
import { routeFromPath } from '../url.ts';
import { markdownSkeleton, pageSkeleton } from './page-skeleton.ts';
import { PLACEHOLDER_MARK } from './placeholder.ts';
import { pageTarget } from './target.ts';

export interface NewFile {
  /** Project-relative path, e.g. `pages/services/wiring.yaml`. */
  file: string;
  route: string;
  text: string;
  /** How many placeholders the editor has to write over. */
  placeholders: number;
}

/**
 * The file for `site new <template> <route>`: a page using `template` at `route`
 * (a Markdown page, dated `today`, for a Markdown template). `existing`: the
 * files below pages/ now, none of which may serve the route already.
 */
export function newFile(theme: Theme, template: string, name: string, today: string, existing: readonly string[]): NewFile | { problem: string } {
  if (!Object.hasOwn(theme.templates, template)) {
    return { problem: `there is no template "${template}". The templates are: ${Object.keys(theme.templates).join(', ')}` };
  }
  const markdown = theme.templates[template]!.markdown !== undefined;
  const target = pageTarget(name, markdown ? 'md' : 'yaml');
  if ('problem' in target) return target;
  const taken = existing.find((file) => file === target.file || routeFromPath(file.slice(PAGES_DIR.length + 1)) === target.route);
  if (taken === target.file) return { problem: `${taken} already exists; site new never replaces a file. Edit it, or pick another address` };
  if (taken) return { problem: `${taken} already serves ${target.route}; edit it, or pick another address` };
  const text = markdown ? markdownSkeleton(theme, template, today) : pageSkeleton(theme, template, target.file);
  return { ...target, text, placeholders: countPlaceholders(text) };
}

/** Placeholders outside comments: the ones the check will name until they are written over. */
export function countPlaceholders(text: string): number {
  return text.split('\n').filter((line) => !line.trimStart().startsWith('#') && line.includes(PLACEHOLDER_MARK)).length;
}

/**
 * `site new` in the project at `root`: loads the theme, picks the file and
 * writes it, creating its folder. Never replaces a file, even one that appears
 * between the look and the write. Throws a ContentError when the theme does not load.
 */
export async function createNewFile(root: string, kind: string, name: string, today: string): Promise<NewFile | { problem: string }> {
  const made = newFile(await loadTheme(root), kind, name, today, await listFiles(root, PAGES_DIR));
  if ('problem' in made) return made;
  const path = join(root, made.file);
  try {
    // A file named like one of the folders on the way makes mkdir say EEXIST: that is no existing page.
    await mkdir(dirname(path), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? Object.assign(new Error(error.message), { code: 'ENOTDIR' }) : error;
    });
    await writeFile(path, made.text, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return { problem: `${made.file} already exists; site new never replaces a file` };
    if (typeof code === 'string' && code in CANNOT_WRITE) return { problem: `${made.file} cannot be written: ${CANNOT_WRITE[code]}` };
    throw error;
  }
  return made;
}

/** File system refusals of the new file, in plain words (the address itself was checked before). */
const CANNOT_WRITE: Record<string, string> = {
  ENOTDIR: 'a file stands where one of its folders should be; rename that file or pick another address',
  EISDIR: 'a folder of that name is there; pick another address',
  ENAMETOOLONG: 'its name or path is too long for the file system; pick a shorter address',
  EACCES: 'its folder cannot be written; check the permissions of pages/',
  EPERM: 'its folder cannot be written; check the permissions of pages/',
  EROFS: 'the project is on a read-only disk',
  ENOSPC: 'the disk is full',
};

/** What to tell the editor once the file is written: what it is, and what to do next. */
export function newFileReport(made: NewFile, template: string): string[] {
  const count = `${made.placeholders} placeholder${made.placeholders === 1 ? '' : 's'} marked ${PLACEHOLDER_MARK}`;
  if (made.file.endsWith('.md')) {
    return [
      `Wrote ${made.file}: a draft using the template "${template}" for ${made.route}, dated today, with ${count}.`,
      'Next: write over the placeholders and the text below the front matter, set draft: false when it is ready, then run npx site check.',
    ];
  }
  return [
    `Wrote ${made.file}: a page using the template "${template}" for ${made.route}, with ${count}.`,
    'Next: edit it (write over the placeholders, take up any optional field you want), then run npx site check.',
  ];
}
