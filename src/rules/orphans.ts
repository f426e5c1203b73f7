// A page that no other page links to is found by neither visitors nor search
// engines (a sitemap entry alone ranks poorly). Pages reached another way say
// so with `noindex: true` (a thank-you page, reached by sending a form).
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { RenderedPage } from '../render/render.ts';
import { normaliseLinkPath } from '../url.ts';
import { perObject } from '../memo.ts';

/** Pages beyond the first that show one group of links. */
const MANY = Symbol('many pages');

/** Where each link of a group leads, redirects followed, once per group (and per list of redirects). */
const targetsThrough = perObject((redirectList: SiteModel['redirects']) => {
  const redirects = new Map(redirectList.map((r) => [normaliseLinkPath(r.from), normaliseLinkPath(r.to)]));
  return perObject((paths: ReadonlySet<string>): readonly string[] => [...paths].map((path) => redirects.get(path) ?? path));
});

/**
 * One warning per indexable page, home excepted, that no other rendered page
 * links to. A link to a redirect counts for the page it leads to.
 */
export function orphanPages(model: SiteModel, pages: readonly Pick<RenderedPage, 'route' | 'facts'>[]): Diagnostic[] {
  const targetsOf = targetsThrough(model.redirects);
  // A group of links that a shared block gives every page showing it is one array: each group is
  // followed once, and the pages showing it counted (a rebuild keeps the groups of unchanged pages).
  const shownOn = new Map<ReadonlySet<string>, string | typeof MANY>();
  for (const page of pages) {
    for (const paths of page.facts.linkedPaths) {
      const known = shownOn.get(paths);
      shownOn.set(paths, known === undefined || known === page.route ? page.route : MANY);
    }
  }
  const linked = new Set<string>();
  for (const [paths, shown] of shownOn) {
    // A group on two pages or more links each of its targets from a page other than the target itself.
    for (const target of targetsOf(paths)) if (target !== shown) linked.add(target);
  }
  const candidates = model.pages
    .filter((page) => !page.head.noindex)
    .map((page) => ({ route: page.route, file: page.file, source: page.source, field: page.head.titleField }));
  return candidates
    .filter((page) => page.route !== '/' && !linked.has(page.route))
    .map((page) => diagnostic('orphan-page', { file: page.file, ...page.source.locate([page.field]), path: page.field }));
}
