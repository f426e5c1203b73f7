// The pages of a built site, found from dist/'s HTML files: the same mapping
// the engine uses to write them (src/routes.ts), read backwards. Pure.

/** One HTML document of the build. */
export interface Page {
  /** Path inside dist/, e.g. `gta/vaughan.html`. */
  file: string;
  /** The route it serves, e.g. `/gta/vaughan`; `/404` for the not-found page. */
  route: string;
  /** The path to request from the preview server: the route, or for the not-found page a path that does not exist. */
  requestPath: string;
  /** The status a visitor gets: 200, or 404 for the not-found page. */
  expectedStatus: 200 | 404;
  /** A blog post (`/blog/<slug>`): exempt from the one-round-trip HTML budget. */
  isPost: boolean;
}

/** A path no site has, to reach the not-found page as a visitor with a broken link would. */
export const MISSING_PATH = '/audit-check-no-such-page';

/** `index.html` → `/`, `gta/vaughan.html` → `/gta/vaughan`, `x/index.html` → `/x`, `404.html` → the not-found page. `null` for non-HTML files. */
export function pageFromFile(file: string): Page | null {
  const path = file.replace(/\\/g, '/');
  const match = /^(.*)\.html$/.exec(path);
  if (!match) return null;
  const stem = match[1]!;
  if (stem === '404') return { file: path, route: '/404', requestPath: MISSING_PATH, expectedStatus: 404, isPost: false };
  const route = stem === 'index' ? '/' : stem.endsWith('/index') ? `/${stem.slice(0, -'/index'.length)}` : `/${stem}`;
  return { file: path, route, requestPath: route, expectedStatus: 200, isPost: isPostRoute(route) };
}

/** Blog posts live at `/blog/<slug>`; `/blog` itself is the list. */
export function isPostRoute(route: string): boolean {
  return /^\/blog\/[^/]+$/.test(route);
}

/** Pages in a stable order: home first, then by route, the not-found page last. */
export function pagesFromFiles(files: readonly string[]): Page[] {
  const rank = (p: Page) => (p.route === '/' ? 0 : p.route === '/404' ? 2 : 1);
  return files
    .map(pageFromFile)
    .filter((p): p is Page => p !== null)
    .sort((a, b) => rank(a) - rank(b) || a.route.localeCompare(b.route));
}
