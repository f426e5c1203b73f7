// The pages of a built site, found from its HTML files with the engine's own
// mapping between routes and output files (src/url.ts), so the audit and the
// build cannot disagree on where a page lives. Pure.

import { NOT_FOUND_ROUTE, routeForFile } from 'trn-site/internal/url.ts';
import type { HtmlFacts } from './html.ts';

/** One HTML document of the build. */
export interface Page {
  /** Path inside dist/, e.g. `gta/vaughan.html`. */
  file: string;
  /** The route it serves, e.g. `/gta/vaughan`; NOT_FOUND_ROUTE for the not-found page. */
  route: string;
  /** The path to request from the preview server: the route, or for the not-found page a path that does not exist. */
  requestPath: string;
  /** The status a visitor gets: 200, or 404 for the not-found page. */
  expectedStatus: 200 | 404;
  /** A post (a long read, see isPostDocument): exempt from the one-round-trip HTML budget. */
  isPost: boolean;
}

/** A path no site has, to reach the not-found page as a visitor with a broken link would. */
export const MISSING_PATH = '/audit-check-no-such-page';

/**
 * Whether a built page is a post, by what the page says of itself rather than
 * by where it lives: a post declares `og:type` `article` (and carries a
 * BlogPosting), every other page `website`.
 */
export function isPostDocument(facts: Pick<HtmlFacts, 'ogType'>): boolean {
  return facts.ogType === 'article';
}

/**
 * The page an output file is, by src/url.ts's routeForFile: `index.html` → `/`,
 * `gta/vaughan.html` → `/gta/vaughan`, `404.html` → the not-found page. `facts`
 * are the page's own, read from its HTML, to tell a post. `null` for files
 * that are not HTML (they are assets, not pages).
 */
export function pageFromFile(file: string, facts: Pick<HtmlFacts, 'ogType'> | null = null): Page | null {
  const path = file.replace(/\\/g, '/');
  if (!path.endsWith('.html')) return null;
  const route = routeForFile(path);
  if (route === NOT_FOUND_ROUTE) return { file: path, route, requestPath: MISSING_PATH, expectedStatus: 404, isPost: false };
  return { file: path, route, requestPath: route, expectedStatus: 200, isPost: facts !== null && isPostDocument(facts) };
}

/** Pages in a stable order: home first, then by route, the not-found page last. `factsOf` gives a page's facts by file. */
export function pagesFromFiles(files: readonly string[], factsOf: (file: string) => Pick<HtmlFacts, 'ogType'> | null = () => null): Page[] {
  const rank = (p: Page) => (p.route === '/' ? 0 : p.route === NOT_FOUND_ROUTE ? 2 : 1);
  return files
    .map((file) => pageFromFile(file, factsOf(file)))
    .filter((p): p is Page => p !== null)
    .sort((a, b) => rank(a) - rank(b) || a.route.localeCompare(b.route));
}
