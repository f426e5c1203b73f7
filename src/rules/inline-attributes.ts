// The Content-Security-Policy allows no inline style or event-handler
// attributes (a hash cannot cover them), so a page that has one would break
// in the browser: catch it at build time instead.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { RenderedPage } from '../render/render.ts';

export function inlineAttributes(pages: readonly Pick<RenderedPage, 'source' | 'facts'>[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const page of pages) {
    for (const attribute of new Set(page.facts.inline.attributes)) {
      const kind = attribute === 'style' ? 'style' : 'on…';
      if (seen.has(kind)) continue;
      seen.add(kind);
      out.push(diagnostic('inline-code', { file: page.source }, { attribute }));
    }
  }
  return out;
}
