// Stage 5, extras: everything in dist/ besides the pages: the CDN's redirects
// and headers, sitemap.xml, robots.txt, bundled assets and static files.
import type { SiteModel } from '../model.ts';
import type { RenderedPage } from '../render.ts';
import { canonicalUrl } from '../render.ts';
import type { OutputFile } from '../bundle.ts';
import type { OutputEntry } from '../write.ts';
import { headerRules, headersFile } from './headers-file.ts';
import { redirectsFile } from './redirects-file.ts';
import { robots, sitemap } from './sitemap.ts';

/** The complete output of a build, sorted by path. */
export function extras(model: SiteModel, pages: readonly RenderedPage[], assets: readonly OutputFile[]): OutputEntry[] {
  const indexed = new Set([
    ...model.pages.filter((p) => !p.data.noindex).map((p) => p.route),
    ...model.posts.map((p) => p.route),
  ]);
  const files: OutputEntry[] = [
    ...pages.map((page) => ({ path: page.output, contents: page.html })),
    ...assets,
    ...model.statics.map((s) => ({ path: s.route.slice(1), contents: s.contents })),
    { path: '_redirects', contents: redirectsFile(model.redirects) },
    { path: '_headers', contents: headersFile(headerRules()) },
    { path: 'sitemap.xml', contents: sitemap([...indexed].map((route) => canonicalUrl(model.site.baseUrl, route))) },
    { path: 'robots.txt', contents: robots(model.site.baseUrl) },
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
