// The theme's own rules on each page: the engine runs them and locates what
// they find, so a theme states the rule and never deals with files or lines.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { Theme } from '../contracts/theme.ts';
import { formatPath } from '../validate/json-schema.ts';

export function themePageRules(model: SiteModel, pageRules: Theme['pageRules']): Diagnostic[] {
  if (!pageRules) return [];
  return model.pages.flatMap((page) =>
    pageRules({ page: { route: page.route, template: page.template, data: page.data }, site: model.site, collections: model.collections }).map((problem) =>
      diagnostic(
        problem.warning ? 'rule-warning' : 'page-rule',
        { file: page.file, ...page.source.locate(problem.path), path: formatPath(problem.path) },
        problem,
      ),
    ),
  );
}
