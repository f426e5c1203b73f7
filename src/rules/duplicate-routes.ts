// Two files must not claim one route: which one wins would depend on luck.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { allPages, type SiteModel } from '../contracts/model.ts';

export function duplicateRoutes(model: SiteModel): Diagnostic[] {
  const byRoute = new Map<string, string[]>();
  for (const { route, file } of allPages(model)) {
    byRoute.set(route, [...(byRoute.get(route) ?? []), file]);
  }
  const out: Diagnostic[] = [];
  for (const [route, files] of byRoute) {
    if (files.length < 2) continue;
    const sorted = [...files].sort();
    for (const file of sorted.slice(1)) {
      // The route is the subject: `site check <the first file>` reports this one too.
      out.push(diagnostic('duplicate-route', { file, subject: route }, { first: sorted[0]!, route }));
    }
  }
  return out;
}
