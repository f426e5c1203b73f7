// A page that no other page links to is found by neither visitors nor search
// engines (a sitemap entry alone ranks poorly). Pages reached another way say
// so with `noindex: true` (a thank-you page, reached by sending a form).
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { RenderedPage } from '../render/render.ts';
import { normaliseLinkPath } from '../url.ts';

/**
 * One warning per indexable page, home excepted, that no other rendered page
 * links to. A link to a redirect counts for the page it leads to.
 */
export function orphanPages(model: SiteModel, pages: readonly Pick<RenderedPage, 'route' | 'facts'>[]): Diagnostic[] {
  const redirects = new Map(model.redirects.map((r) => [normaliseLinkPath(r.from), normaliseLinkPath(r.to)]));
  const linked = new Set<string>();
  for (const page of pages) {
    for (const paths of page.facts.linkedPaths) {
      for (const path of paths) {
        const target = redirects.get(path) ?? path;
        if (target !== page.route) linked.add(target);
      }
    }
  }
  const candidates = model.pages
    .filter((page) => !page.head.noindex)
    .map((page) => ({ route: page.route, file: page.file, source: page.source, field: page.head.titleField }));
  return candidates
    .filter((page) => page.route !== '/' && !linked.has(page.route))
    .map((page) => diagnostic('orphan-page', { file: page.file, ...page.source.locate([page.field]), path: page.field }));
}
