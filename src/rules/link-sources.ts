// Every place a URL can be written: data strings in YAML, links in post
// bodies, and attributes of the rendered HTML. Each becomes a located link.
import type { Token } from 'marked';
import type { FieldPath, ParsedYaml } from '../validate/yaml.ts';
import { formatPath } from '../validate/json-schema.ts';
import { scanHtml } from '../html/scan.ts';
import { htmlLink } from '../html/page-facts.ts';
import type { PostEntry } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import { bodyTokens, eachToken, markdownTokens } from '../html/markdown.ts';

export interface Link {
  href: string;
  file: string;
  /** Where it is written; asked only for links with a problem, since finding a position may mean parsing the file. */
  position(): { line: number; column: number };
  path: string;
  /** Where it was written: content data, a post's Markdown, or only in the rendered page. */
  origin: 'data' | 'markdown' | 'html';
  /** For a Markdown image (`![alt](src)`): its alt text as written. */
  alt?: string;
}

/** Strings in data that are URLs: a path ("/…") or anything with a scheme ("tel:", "https:", "javascript:"). */
export function linksInData(file: string, value: unknown, source: ParsedYaml | null): Link[] {
  const out: Link[] = [];
  walk(value, [], (text, path) => {
    const href = text.trim();
    if (!looksLikeUrl(href)) return;
    const fieldPath = [...path];
    out.push({ href, file, position: () => source?.locate(fieldPath) ?? { line: 0, column: 0 }, path: formatPath(path), origin: 'data' });
  });
  return out;
}

/** The links of a post's body, worked out once per post: the link rule and the images stage both read them. */
export const linksOfBody = perObject((post: PostEntry) => linksInMarkdown(post.file, post.body, post.bodyLine, bodyTokens(post)));

/**
 * Link and image targets in a post's Markdown body, including href and src
 * attributes of raw HTML in it, located by searching the source in order.
 */
export function linksInMarkdown(file: string, body: string, bodyLine: number, tokens: readonly Token[] = markdownTokens(body)): Link[] {
  const out: Link[] = [];
  const hrefs: { href: string; alt?: string }[] = [];
  eachToken(tokens, (token) => {
    if (token.type === 'link' && typeof token.href === 'string') hrefs.push({ href: token.href });
    if (token.type === 'image' && typeof token.href === 'string') hrefs.push({ href: token.href, alt: String(token.text ?? '') });
    if (token.type === 'html' && typeof token.text === 'string') {
      for (const match of token.text.matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) hrefs.push({ href: match[1] ?? match[2]! });
    }
  });
  // Positions are worked out only for links with a problem, from the offsets of the body's line
  // breaks, found once: a post of fifty thousand links is checked in one pass, not fifty thousand.
  let breaks: number[] | undefined;
  const place = (at: number) => {
    breaks ??= lineBreaks(body);
    const before = breaksBefore(breaks, at);
    return { line: bodyLine + before, column: at - (before === 0 ? -1 : breaks[before - 1]!) };
  };
  let from = 0;
  for (const { href, alt } of hrefs) {
    const at = findWritten(body, href, from);
    if (at >= 0) from = at + href.length;
    out.push({ href, file, position: () => (at < 0 ? { line: bodyLine, column: 0 } : place(at)), path: '', origin: 'markdown', ...(alt === undefined ? {} : { alt }) });
  }
  return out;
}

/** Offsets of the line breaks of a text, in order. */
function lineBreaks(text: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) found.push(i);
  return found;
}

/** How many of the (sorted) break offsets come before `offset`. */
function breaksBefore(breaks: readonly number[], offset: number): number {
  let low = 0;
  let high = breaks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (breaks[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where `href` is written as a link target at or after `from`: after "](", "<",
 * or a quote, so the same path in plain text earlier on is not taken for it.
 * Each search moves forward from the last link, so a whole post is read about once.
 */
function findWritten(body: string, href: string, from: number): number {
  for (const start of from > 0 ? [from, 0] : [0]) {
    for (let i = body.indexOf(href, start); i >= 0; i = body.indexOf(href, i + 1)) {
      if (LEADS.some((lead) => body.startsWith(lead, i - lead.length))) return i;
    }
  }
  const anywhere = body.indexOf(href, from);
  return anywhere >= 0 ? anywhere : body.indexOf(href);
}

const LEADS = ['](', '<', '"', "'"];

/**
 * URL attributes of rendered HTML. React and marked both write attributes in
 * double quotes with `"` escaped, so a pattern is exact here.
 */
/** Every URL a rendered page's attributes hold (pages keep theirs in `facts`, found as they are rendered). */
export function linksInHtml(file: string, html: string): Link[] {
  return scanHtml(html).urls.map(({ attribute, value }) => htmlLink(file, { href: value, path: attribute }));
}

export function looksLikeUrl(text: string): boolean {
  return /^\/(?!\/)\S*$/.test(text) || /^[a-z][a-z0-9+.-]*:\S/i.test(text);
}

/**
 * Visits every string of a YAML value with its field path. The path is one array that the walk
 * changes as it goes (a new array per value was most of the rules' garbage at 10,000 pages): a
 * visitor that keeps a path keeps a copy.
 */
export function walk(value: unknown, path: (string | number)[], visit: (text: string, path: FieldPath) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      walk(value[index], path, visit);
      path.pop();
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      walk(item, path, visit);
      path.pop();
    }
  }
}
