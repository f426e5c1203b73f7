// Where a build may write. writeOutput replaces the whole output folder, so a
// mistyped --out (".", "..", "pages") would otherwise delete the project.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';

/** Folders of a project that a build reads or that are not ours to replace. */
const PROTECTED = ['pages', 'templates', 'static', 'schemas', 'src', 'bin', 'tests', 'tools', 'node_modules', '.git'];

/**
 * A problem with `out` as the build's output folder, or undefined when it is safe:
 * it may not be the project folder or any folder around it, nor any of the
 * project's own folders or a folder inside one.
 */
export function outputFolderProblem(root: string, out: string): Diagnostic | undefined {
  const project = resolve(root);
  const target = resolve(project, out);
  const fromTarget = relative(target, project);
  if (fromTarget === '' || !(fromTarget.startsWith('..') || isAbsolute(fromTarget))) {
    return refuse(out, 'it holds the project itself, and a build replaces the whole output folder');
  }
  const inside = relative(project, target);
  if (!inside.startsWith('..') && !isAbsolute(inside)) {
    const top = inside.split(sep)[0]!;
    if (PROTECTED.includes(top)) return refuse(out, `it is the project's ${top}/ folder${inside === top ? '' : ' or inside it'}, and a build replaces the whole output folder`);
  }
  return undefined;
}

function refuse(out: string, why: string): Diagnostic {
  return diagnostic('output-folder', { file: '--out' }, { out, why });
}
