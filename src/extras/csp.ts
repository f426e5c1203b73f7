// Content-Security-Policy for a static site with no inline code: scripts and
// styles only from the site itself, except the inlined stylesheet, which is
// allowed by the hash of its exact text, computed here from the rendered pages.
import { createHash } from 'node:crypto';
import type { HtmlScan } from '../html/scan.ts';

/** Directive name → sources, e.g. `{ 'form-action': ["'self'", 'https://formsubmit.co'] }`. */
export type Directives = Record<string, string[]>;

/** The baseline: nothing unless named. Themes add origins (a form service) on top. */
export const BASE_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': [],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
  'upgrade-insecure-requests': [],
};

export interface InlineCode {
  /** `'sha256-…'` sources of `<style>` elements. */
  styles: string[];
  /** `'sha256-…'` sources of inline executable `<script>` elements (data blocks such as JSON-LD are not executed and need none). */
  scripts: string[];
  /** Inline code a hash cannot allow: event-handler and style attributes. */
  attributes: string[];
}

/** The inline code a scan of a page found: hashes of its style and executable script blocks, and inline attributes. */
export function inlineCodeOf(scan: HtmlScan): InlineCode {
  const styles: string[] = [];
  const scripts: string[] = [];
  for (const block of scan.blocks) {
    if (block.tag === 'style') styles.push(hash(block.text));
    else if (!block.attributes.has('src') && isExecutable(block.attributes.get('type'))) scripts.push(hash(block.text));
  }
  return { styles, scripts, attributes: scan.inlineAttributes };
}

/** Combines the base, the theme's additions and the hashes into one header value. */
export function contentSecurityPolicy(extra: Directives, code: { styles: Iterable<string>; scripts: Iterable<string> }): string {
  const merged: Directives = structuredClone(BASE_DIRECTIVES);
  for (const [name, sources] of Object.entries(extra)) merged[name] = [...(merged[name] ?? []), ...sources];
  merged['style-src'] = [...merged['style-src']!, ...new Set(code.styles)];
  merged['script-src'] = [...merged['script-src']!, ...new Set(code.scripts)];
  // A directive with no sources would fall back to default-src 'none', which is what we want, but say it plainly.
  if (merged['style-src']!.length === 0) merged['style-src'] = ["'none'"];
  return Object.entries(merged)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

function isExecutable(declared: string | undefined): boolean {
  const type = declared?.toLowerCase();
  return type === undefined || type === '' || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
}

// Every page inlines the same stylesheet: each distinct block is hashed once per process, not once per page.
const hashes = new Map<string, string>();

function hash(text: string): string {
  let known = hashes.get(text);
  if (known === undefined) hashes.set(text, (known = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`));
  return known;
}
