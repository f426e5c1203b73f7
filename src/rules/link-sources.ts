// Every place a URL can be written: data strings in YAML, links in Markdown
// bodies, and attributes of the rendered HTML. Each becomes a located link.
import type { Token } from 'marked';
import type { FieldPath, ParsedYaml } from '../validate/yaml.ts';
import { formatPath } from '../validate/json-schema.ts';
import { scanHtml } from '../html/scan.ts';
import { htmlLink } from '../html/page-facts.ts';
import type { MarkdownPageEntry } from '../contracts/model.ts';
import type { Link } from '../contracts/link.ts';
import { perObject } from '../memo.ts';
import { bodyTokens, eachToken, markdownPlaces, markdownTokens } from '../html/markdown.ts';
import { urlAttributes } from '../html/content-html.ts';

export type { Link } from '../contracts/link.ts';

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

/** The links of a page's Markdown body, worked out once per page: the link rule and the images stage both read them. */
export const linksOfBody = perObject((page: MarkdownPageEntry) => linksInMarkdown(page.file, page.body.text, page.body.line, bodyTokens(page.body)));

/**
 * Link and image targets in a Markdown body, including href and src
 * attributes of raw HTML in it, wherever they are (a paragraph, a quote, a list
 * item, a heading, a table cell), each at the line and column of its target.
 */
export function linksInMarkdown(file: string, body: string, bodyLine: number, tokens: readonly Token[] = markdownTokens(body)): Link[] {
  const out: Link[] = [];
  // Places are worked out only for links with a problem: a page of fifty thousand links is checked without them.
  const places = markdownPlaces(body, bodyLine, tokens);
  eachToken(tokens, (token) => {
    if ((token.type === 'link' || token.type === 'image') && typeof token.href === 'string') {
      const at = targetOffset(token.raw, token.href);
      const link: Link = { href: token.href, file, position: () => places.of(token, at), path: '', origin: 'markdown' };
      if (token.type === 'image') link.alt = String(token.text ?? '');
      out.push(link);
    } else if (token.type === 'html' && typeof token.raw === 'string') {
      for (const { value, offset } of urlAttributes(token.raw)) {
        // At the value, after `href=` and its quote.
        const equals = token.raw.indexOf('=', offset);
        const quote = equals < 0 ? offset : equals + 1 + (/["']/.test(token.raw[equals + 1] ?? '') ? 1 : 0);
        out.push({ href: value, file, position: () => places.of(token, quote), path: '', origin: 'markdown' });
      }
    }
  });
  return out;
}

/** Where a link's target is written in its raw text: after "](" or "<", else where the link starts. */
function targetOffset(raw: string, href: string): number {
  for (let i = raw.indexOf(href); i >= 0; i = raw.indexOf(href, i + 1)) {
    if (LEADS.some((lead) => raw.startsWith(lead, i - lead.length))) return i;
  }
  return Math.max(0, raw.indexOf(href));
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
