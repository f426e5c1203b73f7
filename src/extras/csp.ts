// Content-Security-Policy for a static site with no inline code: scripts and
// styles only from the site itself, except the inlined stylesheet, which is
// allowed by the hash of its exact text, computed here from the rendered pages.
import { createHash } from 'node:crypto';
import type { HtmlScan } from '../html/scan.ts';
import { UnwritableValue } from './unwritable.ts';
import type { InlineCode } from '../contracts/rendered.ts';

export type { InlineCode };

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
  // A map, not an object: a directive named like an object's own member (`__proto__`) is a name like any other, refused below.
  const merged = new Map(Object.entries(BASE_DIRECTIVES).map(([name, sources]) => [name, [...sources]]));
  for (const [name, sources] of Object.entries(extra)) merged.set(name, [...(merged.get(name) ?? []), ...sources]);
  merged.set('style-src', [...merged.get('style-src')!, ...new Set(code.styles)]);
  merged.set('script-src', [...merged.get('script-src')!, ...new Set(code.scripts)]);
  // A directive with no sources would fall back to default-src 'none', which is what we want, but say it plainly.
  if (merged.get('style-src')!.length === 0) merged.set('style-src', ["'none'"]);
  return [...merged].map(([name, sources]) => [directiveName(name), ...new Set(sources.map(source))].join(' ')).join('; ');
}

/**
 * A source as the policy's grammar has it (CSP Level 3, source-expression):
 * a keyword, a hash or nonce, a scheme, or a host with an optional scheme,
 * port and path. Anything else is refused, because a space would add a
 * source, a ";" a directive and a "," a second policy, one that the first
 * policy's later directives (frame-ancestors, base-uri, ...) no longer bind.
 */
function source(text: string): string {
  if (!SOURCE.test(text)) throw new UnwritableValue('_headers', 'a Content-Security-Policy source', text);
  return text;
}

function directiveName(name: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new UnwritableValue('_headers', 'a Content-Security-Policy directive', name);
  return name;
}

const KEYWORDS = [
  'self',
  'none',
  'unsafe-inline',
  'unsafe-eval',
  'strict-dynamic',
  'unsafe-hashes',
  'report-sample',
  'wasm-unsafe-eval',
  'unsafe-allow-redirects',
  'inline-speculation-rules',
];
const SOURCE = new RegExp(
  '^(?:' +
    [
      `'(?:${KEYWORDS.join('|')})'`,
      "'(?:sha256|sha384|sha512|nonce)-[A-Za-z0-9+/_-]+={0,2}'",
      '[A-Za-z][A-Za-z0-9+.-]*:',
      '(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:\\*|(?:\\*\\.)?[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*)(?::(?:\\d+|\\*))?(?:/[\\x21-\\x2B\\x2D-\\x3A\\x3C-\\x7E]*)?',
    ].join('|') +
    ')$',
);

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
