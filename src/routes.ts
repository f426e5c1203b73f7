// Routes come from file paths, and output files from routes: both pure.

/** The route a page file serves, e.g. `pages/gta/vaughan.yaml` → `/gta/vaughan`. `null` for files that are not pages. */
export function routeFromPath(relativeToPages: string): string | null {
  const path = relativeToPages.replace(/\\/g, '/');
  const match = /^(.*)\.(ya?ml|md)$/.exec(path);
  if (!match) return null;
  const stem = match[1]!;
  // `_redirects.yaml` and friends are data for the engine, not pages.
  if (stem.split('/').some((segment) => segment.startsWith('_'))) return null;
  if (stem === 'index') return '/';
  if (stem.endsWith('/index')) return '/' + stem.slice(0, -'/index'.length);
  return '/' + stem;
}

/** The route of the not-found page; it is written to `404.html` and is not a linkable page. */
export const NOT_FOUND_ROUTE = '/404';

/**
 * The file in dist/ that serves a route. Canonical URLs have no trailing slash,
 * so `/about` is `about.html` (CDNs serve it at `/about` and send `/about/` there).
 */
export function outputFileFor(route: string): string {
  if (route === '/') return 'index.html';
  return route.slice(1) + '.html';
}

/** A route as a link target: path only, without query, fragment or a trailing slash. */
export function normaliseLinkPath(href: string): string {
  let path = href.split('#')[0]!.split('?')[0]!;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** Routes must be lower-case slugs: what a visitor types and a CDN matches without surprises. */
export const ROUTE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
