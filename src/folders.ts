// Whether one path lies in a folder: asked by the server (a request must stay in the output), the
// loader (a link in pages/ must stay in the project), the theme's stack frames and the cache
// folder's check. A name that starts with two dots (`..notes`) is a folder like any other, not a
// way out: a test of the relative path's prefix alone took it for one. And how a path inside a
// folder is written wherever the engine names one (diagnostics, manifests, output paths).
import { isAbsolute, relative, sep } from 'node:path';

/**
 * The path of `path` from `folder`, its parts joined by `/` on every system. Only the system's own separator is
 * one: on Linux a backslash is a character of a file's name (`ab\out.yaml`), and splitting on it named another file.
 */
export function relativePath(folder: string, path: string): string {
  const rest = relative(folder, path);
  return sep === '/' ? rest : rest.split(sep).join('/');
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
