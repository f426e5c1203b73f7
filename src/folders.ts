// Whether one path lies in a folder: asked by the server (a request must stay in the output), the
// loader (a link in pages/ must stay in the project), the theme's stack frames and the cache
// folder's check. A name that starts with two dots (`..notes`) is a folder like any other, not a
// way out: a test of the relative path's prefix alone took it for one. And how a path inside a
// folder is written wherever the engine names one (diagnostics, manifests, output paths).
import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * The path of `path` from `folder`, its parts joined by `/` on every system. Only the system's own separator is
 * one: on Linux a backslash is a character of a file's name (`ab\out.yaml`), and splitting on it named another file.
 */
export function relativePath(folder: string, path: string): string {
  const rest = relative(folder, path);
  return sep === '/' ? rest : rest.split(sep).join('/');
}

/**
 * The path, from `folder`, of an entry a recursive listing of `folder` gave, and the entry's own path, as relativePath and
 * join would give them: without working either out again from the start, which for the 20,000 files of a large output
 * listed several times a build made a few hundred megabytes of passing strings.
 */
export function listedPath(folder: string, entry: { parentPath: string; name: string }): { path: string; file: string } {
  const { parentPath, name } = entry;
  const file = parentPath.endsWith(sep) ? parentPath + name : parentPath + sep + name;
  if (parentPath === folder) return { path: name, file };
  if (parentPath.startsWith(folder + sep) && !folder.endsWith(sep)) {
    const below = parentPath.slice(folder.length + 1);
    return { path: `${sep === '/' ? below : below.split(sep).join('/')}/${name}`, file };
  }
  return { path: relativePath(folder, join(parentPath, name)), file: join(parentPath, name) };
}

/** Whether `path` lies strictly inside `folder` (both absolute). */
export function isInside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== '' && isDownward(rest);
}

/** Whether `path` is `folder` or lies inside it (both absolute). */
export function isWithin(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest === '' || isDownward(rest);
}

function isDownward(rest: string): boolean {
  return rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
}
