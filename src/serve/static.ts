// From a decoded request path to a file of the site, with the project's pretty
// URLs: canonical URLs have no trailing slash (except `/`) and no `.html`.
//
//   /                → index.html
//   /about           → about.html            (before about/index.html, so a
//                                              page can sit beside its folder)
//   /docs            → docs/index.html       (when there is no docs.html)
//   /robots.txt      → robots.txt            (a real file is served as is)
//   /about/, /about.html, /index, /index.html, /docs/index.html
//                    → 301 to the canonical URL of the file they reach
//
// Pure: existence is asked through `isFile(rel)`, where `rel` is a path
// relative to the site root with `/` separators. The server answers it, and
// also makes sure (isInside + realpath) that the file really is in the root.

import { routeForFile } from '../url.ts';
import { encodePath } from './request-path.ts';

export type StaticResult = { kind: 'file'; file: string } | { kind: 'redirect'; location: string; file: string } | { kind: 'miss' };

/** Files that configure the CDN and are never served, whatever the request. */
const RESERVED = new Set(['_redirects', '_headers']);

/**
 * True for the CDN's own configuration files. Compared case-insensitively and
 * without trailing dots or spaces, because on macOS and Windows `/_Headers` or
 * `/_headers.` would open the same file.
 */
export function isReservedFile(rel: string): boolean {
  return RESERVED.has(rel.toLowerCase().replace(/[. ]+$/, ''));
}

/** The files a decoded path may name, most specific first. */
export function candidateFiles(pathname: string): string[] {
  const rel = pathname.slice(1);
  if (rel === '') return ['index.html'];
  if (rel.endsWith('/')) {
    const base = rel.slice(0, -1);
    return [base + '.html', base + '/index.html'];
  }
  return [rel, rel + '.html', rel + '/index.html'];
}

/** The file a path reaches, ignoring whether the path is canonical; `null` if none. */
export function resolveFile(pathname: string, isFile: (rel: string) => boolean): string | null {
  return candidateFiles(pathname).find((rel) => !isReservedFile(rel) && isFile(rel)) ?? null;
}

/**
 * Serve, redirect to the canonical URL (query kept), or miss. A path only
 * redirects when its canonical URL leads back to the same file: if
 * `residential.html` shadows `residential/index.html`, then
 * `/residential/index.html` is served where it is rather than redirected to a
 * different page.
 */
export function resolveStatic(pathname: string, isFile: (rel: string) => boolean, search = ''): StaticResult {
  const file = resolveFile(pathname, isFile);
  if (file === null) return { kind: 'miss' };
  const canonical = routeForFile(file);
  if (canonical !== pathname && resolveFile(canonical, isFile) === file) {
    return { kind: 'redirect', location: encodePath(canonical) + search, file };
  }
  return { kind: 'file', file };
}

/** Whether a path lies strictly inside the root (see src/folders.ts); the server checks the joined path and its realpath. */
export { isInside } from '../folders.ts';
