// A page that no other page links to is found by neither visitors nor search
// engines (a sitemap entry alone ranks poorly). Pages reached another way say
// so with `noindex: true` (a thank-you page, reached by sending a form).
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { RenderedPage } from '../render/render.ts';
import { normaliseLinkPath } from '../url.ts';
import { linksInHtml, type Link } from './link-sources.ts';
import { perObject } from '../memo.ts';

/**
 * One warning per indexable page, home excepted, that no other rendered page
 * links to. A link to a redirect counts for the page it leads to.
 */
export function orphanPages(
  model: SiteModel,
  pages: readonly RenderedPage[],
  /** Each page's links, in the order of `pages`, when the caller has found them already. */
  pageLinks: readonly (readonly Link[])[] = pages.map((page) => linksInHtml(page.source, page.html)),
): Diagnostic[] {
  const redirects = new Map(model.redirects.map((r) => [normaliseLinkPath(r.from), normaliseLinkPath(r.to)]));
  const linked = new Set<string>();
  for (const [index, page] of pages.entries()) {
    for (const path of internalPaths(pageLinks[index]!)) {
      const target = redirects.get(path) ?? path;
      if (target !== page.route) linked.add(target);
    }
  }
  const candidates = [
    ...model.pages.filter((page) => !page.data.noindex).map((page) => ({ route: page.route, file: page.file, source: page.source, field: 'title' })),
    ...model.posts.map((post) => ({ route: post.route, file: post.file, source: post.source, field: post.head.titleField })),
  ];
  return candidates
    .filter((page) => page.route !== '/' && !linked.has(page.route))
    .map((page) => diagnostic('orphan-page', { file: page.file, ...page.source.locate([page.field]), path: page.field }));
}

/** The site paths a page's links lead to, once each; kept per list of links, which a rebuild keeps for unchanged pages. */
const internalPaths = perObject((links: readonly Link[]) => {
  const paths = new Set<string>();
  for (const link of links) {
    if (link.path === 'href' && link.href.startsWith('/') && !link.href.startsWith('//')) paths.add(normaliseLinkPath(link.href));
  }
  return paths;
});
