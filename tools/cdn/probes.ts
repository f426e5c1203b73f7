// The paths asked of both servers, all found from the build itself, so that a
// page, a post, a city or a redirect an editor adds is asked about without
// anyone touching this list. Pure.

import { aliasPaths, isPattern, NOT_FOUND_FILE, routeForFile } from 'trn-site/internal/url.ts';

/** A path asked of both servers, and why it is asked. */
export interface Probe {
  /** The request target: a path, perhaps with a query. */
  path: string;
  /** What it stands for, in the report: `page`, `alias of /about`, `redirect /old`, ... */
  reason: string;
}

/** A path that no site has, to reach the not-found page. */
export const MISSING_PATH = '/cdn-check-no-such-page';

/** A query a visitor's link may carry (a campaign tag): a redirect must keep it. */
const QUERY = '?utm_source=cdn-check';

/**
 * Every path worth asking about a build: each page at its route and its aliases
 * (`/about/`, `/about.html`), each other file, each folder with and without a
 * slash, each redirect source (a pattern written out as paths it matches), the
 * not-found page, the CDN's own files, and a redirect and a page with a query.
 * `files` are the build's files relative to its folder (`gta/vaughan.html`);
 * `sources` the `from` of each line of its `_redirects`. Sorted, each path once.
 */
export function probesOf(files: readonly string[], sources: readonly string[]): Probe[] {
  const probes = new Map<string, string>();
  const add = (path: string, reason: string) => {
    if (!probes.has(path)) probes.set(path, reason);
  };

  for (const file of files) {
    if (file === '_redirects' || file === '_headers') add('/' + file, 'the CDN’s own file, never served');
    else if (file === NOT_FOUND_FILE) add(MISSING_PATH, 'the not-found page');
    else if (file.endsWith('.html')) {
      const route = routeForFile(file);
      add(route, 'page');
      for (const alias of aliasPaths(route)) add(alias, `alias of ${route}`);
    } else add('/' + file, 'file');
  }
  for (const folder of foldersOf(files)) {
    add(folder, 'folder');
    add(folder + '/', 'folder');
  }
  for (const source of sources) {
    for (const path of pathsMatching(source)) add(path, `redirect ${source}`);
  }
  add(MISSING_PATH + '/', 'the not-found page');
  add('/index', 'alias of /');

  // A query must survive a redirect and not disturb a page.
  const exact = sources.find((source) => !isPattern(source));
  if (exact) add(exact + QUERY, `redirect ${exact} with a query`);
  const page = files.filter((file) => file.endsWith('.html') && file !== NOT_FOUND_FILE && routeForFile(file) !== '/').sort()[0];
  if (page) add(routeForFile(page) + '/' + QUERY, `alias of ${routeForFile(page)} with a query`);

  return [...probes].map(([path, reason]) => ({ path, reason })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Paths a redirect source matches: an exact source with and without a
 * trailing slash; a pattern with `x` for each placeholder and, for a splat, one
 * and two segments, nothing at all, and (for a trailing `/*`) the bare parent.
 */
export function pathsMatching(source: string): string[] {
  if (!isPattern(source)) return source === '/' || source.endsWith('/') ? [source] : [source, source + '/'];
  const filled = source.replace(/:[A-Za-z_]\w*/g, 'x');
  if (!filled.includes('*')) return [filled, filled + '/'];
  const paths = ['x', 'x/y', ''].map((splat) => filled.replace('*', splat));
  if (filled.endsWith('/*')) paths.push(filled.slice(0, -2) || '/');
  return [...new Set(paths)];
}

/** Every folder that holds a file of the build, as a path without a trailing slash (`/gta`). */
function foldersOf(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) folders.add('/' + parts.slice(0, i).join('/'));
  }
  return [...folders];
}
