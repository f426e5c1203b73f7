// Redirect rules must each do something, and do it in one hop: no loops, no
// chains, no rule hidden by (or hiding) a page, no rule made dead by an earlier one.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { RedirectEntry } from '../contracts/model.ts';
import { isPattern, normaliseLinkPath, pathMatches } from '../url.ts';
import type { LinkTargets } from './links.ts';

export function checkRedirects(redirects: readonly RedirectEntry[], targets: LinkTargets): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (rule: RedirectEntry, index: number, field: 'from' | 'to') => ({
    file: rule.file, ...rule.fields[field],
    path: `redirects[${index}].${field}`,
  });
  const exact = new Map<string, number>();
  redirects.forEach((rule, index) => {
    const from = normaliseLinkPath(rule.from);
    const pattern = isPattern(from);

    // An earlier rule catches this one when it has the same source, or when its pattern matches
    // this source (a later pattern read as plain text: `/blog/*` catches `/blog/:slug`).
    const earlier = [...exact.entries()].find(([source]) => source === from) ??
      redirects.slice(0, index).map((r, i) => [normaliseLinkPath(r.from), i] as const)
        .find(([source]) => source === from || (isPattern(source) && pathMatches(source, from)));
    if (earlier) {
      out.push(diagnostic('redirect-unreachable', at(rule, index, 'from'), { index: earlier[1], earlier: redirects[earlier[1]]!.from, from: rule.from }));
    }
    if (!pattern) exact.set(from, index);

    if (!pattern && targets.routes.has(from)) {
      out.push(diagnostic('redirect-shadows-page', at(rule, index, 'from'), { from, force: rule.force }));
    }
    if (pattern && rule.force) {
      const hidden = [...targets.routes].filter((route) => pathMatches(from, route)).sort();
      if (hidden.length) out.push(diagnostic('redirect-shadows-page', at(rule, index, 'from'), { from, force: true, hidden: { count: hidden.length, example: hidden[0]! } }));
    }
  });

  redirects.forEach((rule, index) => {
    if (!rule.to.startsWith('/') || rule.to.includes(':')) return;
    const target = normaliseLinkPath(rule.to);
    const from = normaliseLinkPath(rule.from);
    const next = exact.get(target);
    if (next !== undefined) {
      const path = [from];
      let hop: number | undefined = next;
      const visited = new Set<number>([index]);
      while (hop !== undefined && !visited.has(hop)) {
        visited.add(hop);
        path.push(normaliseLinkPath(redirects[hop]!.from));
        hop = exact.get(normaliseLinkPath(redirects[hop]!.to));
      }
      const loops = hop !== undefined;
      const end = loops ? from : normaliseLinkPath(redirects[[...visited].pop()!]!.to);
      out.push(loops
        ? diagnostic('redirect-loop', at(rule, index, 'to'), { hops: [...path, normaliseLinkPath(redirects[hop!]!.from)] })
        : diagnostic('redirect-chain', at(rule, index, 'to'), { hops: path, end }));
      return;
    }
    if (!targets.routes.has(target) && !targets.files.has(target)) {
      out.push(diagnostic('redirect-target', at(rule, index, 'to'), { target }));
    }
  });
  return out;
}
