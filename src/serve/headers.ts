// The `_headers` file: parsing and per-path lookup, both pure.
//
// Format (shared by Netlify and Cloudflare Pages):
//   /path/pattern          ← at column 0; `*` and `:placeholder` as in _redirects
//     Name: value          ← indented
// `#` lines are comments. Every block whose pattern matches applies, in file
// order; a header set by several blocks (or twice in one) is joined with ", ".

import { compilePattern, matchPattern, type PathPattern } from '../url.ts';
import type { RuleError } from './redirects.ts';

export interface ParsedHeaderRule {
  /** 1-based line of the path line. */
  line: number;
  path: string;
  pattern: PathPattern;
  /** In file order, names as first written. */
  headers: Array<[name: string, value: string]>;
}

// RFC 9110 token characters, so Node's setHeader cannot throw on a name.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Framing and connection headers belong to the server; letting _headers set
// them would corrupt responses, and neither CDN lets them through either.
const SERVER_OWNED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer']);
// Node refuses anything outside tab, printable ASCII and Latin-1 in a value.
const BAD_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

export function parseHeaders(text: string): { rules: ParsedHeaderRule[]; errors: RuleError[] } {
  const rules: ParsedHeaderRule[] = [];
  const errors: RuleError[] = [];
  // `null` before the first path; `'skip'` under a path that was refused, so
  // its header lines are dropped with that one error rather than one each.
  let current: ParsedHeaderRule | 'skip' | null = null;

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const fail = (message: string) => errors.push({ line, message });

    if (!/^\s/.test(raw)) {
      if (/^https?:\/\//i.test(trimmed)) {
        current = 'skip';
        return fail(`host-based rule "${trimmed}" is not supported by the preview server`);
      }
      const pattern = compilePattern(trimmed);
      if ('error' in pattern) {
        current = 'skip';
        return fail(pattern.error);
      }
      current = { line, path: trimmed, pattern, headers: [] };
      rules.push(current);
      return;
    }

    if (current === null) return fail('header line before any path line');
    if (current === 'skip') return;
    if (trimmed.startsWith('!')) {
      return fail(`detaching a header ("${trimmed}") is Cloudflare-only and not supported by the preview server`);
    }
    const colon = trimmed.indexOf(':');
    if (colon <= 0) return fail(`expected "Name: value", got "${trimmed}"`);
    const name = trimmed.slice(0, colon).trim();
    const value = trimmed.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name)) return fail(`invalid header name "${name}"`);
    if (SERVER_OWNED.has(name.toLowerCase())) return fail(`header "${name}" is set by the server and cannot be overridden`);
    if (value === '') return fail(`empty value for header "${name}"`);
    if (BAD_VALUE_CHAR.test(value)) return fail(`header "${name}" has a character HTTP does not allow`);
    merge(current.headers, name, value);
  });
  return { rules, errors };
}

/**
 * The headers for a decoded request path: all matching blocks, in order,
 * merged case-insensitively (the first spelling of a name wins).
 */
export function headersFor(rules: readonly ParsedHeaderRule[], pathname: string): Record<string, string> {
  const merged: Array<[string, string]> = [];
  for (const rule of rules) {
    if (!matchPattern(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) merge(merged, name, value);
  }
  return Object.fromEntries(merged);
}

function merge(list: Array<[string, string]>, name: string, value: string): void {
  const existing = list.find(([n]) => n.toLowerCase() === name.toLowerCase());
  if (existing) existing[1] += ', ' + value;
  else list.push([name, value]);
}
