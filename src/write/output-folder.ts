// Where a build may write. writeOutput replaces the whole output folder, so a
// mistyped --out (".", "..", "pages", "src") would otherwise delete part of
// the project. The engine knows its own folders; for any other folder it asks
// whether what is there is a site it built before.
import { readdir } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { PAGES_DIR, SCHEMAS_DIR, STATIC_DIR, TEMPLATES_DIR } from '../contracts/project.ts';
import { NOT_FOUND_FILE, outputFileFor } from '../url.ts';

/** Folders the engine reads or that hold installed packages: never an output folder, nor anything inside one. */
const INPUT_FOLDERS = [PAGES_DIR, TEMPLATES_DIR, STATIC_DIR, SCHEMAS_DIR, 'node_modules'];
/** Files every build writes at the top of its output (the home page, the not-found page). */
const BUILT_SITE_FILES = [outputFileFor('/'), NOT_FOUND_FILE];

/**
 * A problem with `out` as the build's output folder, or undefined when it is
 * safe. Pure: decided from the paths and, for a folder that exists, the names
 * at its top (`null` when it does not exist).
 */
export function outputFolderProblem(root: string, out: string, existing: readonly string[] | null): Diagnostic | undefined {
  const project = resolve(root);
  const target = resolve(project, out);
  const fromTarget = relative(target, project);
  if (fromTarget === '' || !(fromTarget.startsWith('..') || isAbsolute(fromTarget))) {
    return refuse(out, 'it holds the project itself, and a build replaces the whole output folder');
  }
  const inside = relative(project, target);
  if (!inside.startsWith('..') && !isAbsolute(inside)) {
    const top = inside.split(sep)[0]!;
    const why = `it is the project's ${top}/ folder${inside === top ? '' : ' or inside it'}, and a build replaces the whole output folder`;
    if (INPUT_FOLDERS.includes(top) || top.startsWith('.')) return refuse(out, why);
  }
  // Any other folder is replaced only when it is empty or holds an earlier build.
  if (existing && existing.length > 0 && !existing.some((name) => BUILT_SITE_FILES.includes(name))) {
    return refuse(out, `it holds files but no built site (no ${BUILT_SITE_FILES.join(' or ')}), and a build replaces the whole output folder`);
  }
  return undefined;
}

/** The names at the top of a folder, or null when it does not exist. */
export async function folderEntries(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return ['(a file)'];
    throw error;
  }
}

function refuse(out: string, why: string): Diagnostic {
  return diagnostic('output-folder', { file: '--out' }, { out, why });
}
