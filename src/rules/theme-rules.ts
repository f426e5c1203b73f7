// The theme's own rules on each page: the engine runs them and locates what
// they find, so a theme states the rule and never deals with files or lines.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { PageEntry, SiteModel } from '../contracts/model.ts';
import type { Theme } from '../contracts/theme.ts';
import { formatPath } from '../validate/json-schema.ts';

export function themePageRules(model: SiteModel, pageRules: Theme['pageRules']): Diagnostic[] {
  if (!pageRules) return [];
  return model.pages.flatMap((page) => pageFindings(model, page, pageRules));
}

// What the rules found in each page, by the build's collections and the page: a page's findings may depend on the site
// and the collections besides the page, and each build (each validation) has collections of its own. Found once
// per build, or given beforehand from what an earlier process found (src/rules/kept-theme-rules.ts).
const found = new WeakMap<object, WeakMap<PageEntry, Diagnostic[]>>();

function findingsOf(model: SiteModel): WeakMap<PageEntry, Diagnostic[]> {
  let byPage = found.get(model.collections);
  if (!byPage) found.set(model.collections, (byPage = new WeakMap()));
  return byPage;
}

/** What the theme's rules find in `page` of `model`, located. */
export function pageFindings(model: SiteModel, page: PageEntry, pageRules: NonNullable<Theme['pageRules']>): Diagnostic[] {
  const byPage = findingsOf(model);
  let findings = byPage.get(page);
  if (!findings) byPage.set(page, (findings = runRules(model, page, pageRules)));
  return findings;
}

/** Gives what the rules find in `page` of `model` without running them: what an earlier process found for the same inputs. */
export function giveFindings(model: SiteModel, page: PageEntry, findings: Diagnostic[]): void {
  const byPage = findingsOf(model);
  if (!byPage.has(page)) byPage.set(page, findings);
}

function runRules(model: SiteModel, page: PageEntry, pageRules: NonNullable<Theme['pageRules']>): Diagnostic[] {
  return pageRules({ page: { route: page.route, template: page.template, data: page.data }, site: model.site, collections: model.collections }).map((problem) =>
    diagnostic(
      problem.warning ? 'rule-warning' : 'page-rule',
      { file: page.file, ...page.source.locate(problem.path), path: formatPath(problem.path) },
      problem,
    ),
  );
}
