// dist/_redirects in the format Netlify and Cloudflare Pages share, written so
// that both engines give every address the same answer.
import type { RedirectRule } from '../contracts/content-schema.ts';
import { aliasPaths, compilePattern, isPattern, matchPattern, MAX_CDN_LINE, unwritableInToken } from '../url.ts';
import { UnwritableValue } from './unwritable.ts';

/** What the site serves from files, which no unforced rule may hide. */
export interface SitePaths {
  /** Routes of the pages, the not-found page left out. Each is also reached at its aliases (`/about/`, `/about.html`). */
  pages: readonly string[];
  /** Paths of the other files (static files, feeds, icons). */
  files: readonly string[];
}

/**
 * The rules mean what they mean on Netlify, where first match wins, a line
 * matches its path with or without a trailing slash, a trailing `/*` also
 * matches the bare parent, and an unforced rule never hides a file. Cloudflare
 * Pages reads the same lines differently, so lines are added for it:
 *
 * - An exact line gets a twin with a trailing slash, and a `/x/*` pattern a
 *   line for `/x`: Cloudflare matches paths exactly.
 * - Every file a rule would catch (and, for a page, each of its aliases) gets
 *   lines of its own first: the file served as it is, an alias sent to its
 *   page with a permanent redirect. Cloudflare applies a matching rule even
 *   where a file exists, so without these `/news/* /news 302` would send every
 *   article, the feed, and `/news/` to the list. On Netlify the file shadows them.
 * - Exact lines come before the patterns wherever that cannot change which rule
 *   matches first: Cloudflare counts every line after the first pattern against
 *   its limit of 100 dynamic rules (exact ones have a limit of 2,000).
 *
 * No source is written twice: Cloudflare rejects the second, and on both
 * engines the first would win anyway.
 */
export function redirectsFile(rules: readonly RedirectRule[], site: SitePaths = { pages: [], files: [] }): string {
  const text: string[] = ['# Generated from pages/_redirects.yaml. Edit that file, not this one.'];
  const { kept, lines } = redirectLines(rules, site);
  if (kept > 0) text.push('# Files a rule would otherwise hide on Cloudflare Pages, which applies rules even where a file exists');
  for (const line of lines) text.push(lineText(line));
  return text.join('\n') + '\n';
}

/**
 * The lines of `_redirects`, in order, as {@link redirectsFile} writes them:
 * first the `kept` lines that keep files served, then the rules' own.
 */
export function redirectLines(rules: readonly RedirectRule[], site: SitePaths = { pages: [], files: [] }): { lines: Line[]; kept: number } {
  const out: Line[] = [];
  const written = new Set<string>();
  const write = (line: Line) => {
    if (written.has(line.from)) return;
    written.add(line.from);
    out.push(line);
  };
  // Each source compiled once: a site with thousands of pages asks about each of them.
  const patterns = rules.map((rule) => compilePattern(rule.from));
  const catches = (i: number, path: string) => {
    const pattern = patterns[i]!;
    return !('error' in pattern) && matchPattern(pattern, path) !== null;
  };
  const rulesFor = (path: string) => rules.filter((_, i) => catches(i, path));

  keptLines(site, rulesFor).forEach(write);
  const kept = out.length;

  // Exact lines move up unless an earlier pattern catches them (then they stay where the editor put them).
  const lines = rules.map((rule) => linesOf(rule, rulesFor));
  rules.forEach((_, index) => {
    const caughtEarlier = (path: string) => rules.slice(0, index).some((rule, i) => isPattern(rule.from) && catches(i, path));
    for (const line of lines[index]!) {
      if (!isPattern(line.from) && !caughtEarlier(line.from)) write(line);
    }
  });
  for (const line of lines.flat()) write(line);
  return { lines: out, kept };
}

/** The statuses a line may have: the rules' redirects, and 200 for a file served as it is. */
const STATUSES = new Set(['200', '301', '302', '307', '308', '301!', '302!', '307!', '308!']);

/**
 * One line of the file. Each part must be one token: a line break or a space
 * in a source or target would make the CDN read another rule (say, a forced
 * proxy of every page to another host) into the file. The redirect rules
 * refuse such a value at its line in pages/_redirects.yaml; meeting one here is a bug.
 */
function lineText({ from, to, status }: Line): string {
  if (!from.startsWith('/') || unwritableInToken(from) || 'error' in compilePattern(from) || from.startsWith('/.netlify'))
    throw new UnwritableValue('_redirects', "a rule's source", from);
  if (!/^(\/|https?:\/\/)/.test(to) || unwritableInToken(to)) throw new UnwritableValue('_redirects', "a rule's target", to);
  if (!STATUSES.has(status)) throw new UnwritableValue('_redirects', "a rule's status", status);
  const text = `${from} ${to} ${status}`;
  if (text.length > MAX_CDN_LINE) throw new UnwritableValue('_redirects', 'a rule longer than a line may be', text);
  return text;
}

/** One line of `_redirects`. */
export interface Line {
  from: string;
  to: string;
  /** With `!` when forced. */
  status: string;
}

/** The lines one rule needs: an exact source with and without its trailing slash; a pattern, after the line of its bare parent. */
function linesOf(rule: RedirectRule, rulesFor: (path: string) => RedirectRule[]): Line[] {
  const from = rule.from.length > 1 ? rule.from.replace(/\/$/, '') : rule.from;
  const line = (source: string, to = rule.to) => ({ from: source, to, status: `${rule.status}${rule.force ? '!' : ''}` });
  if (!isPattern(from)) return withSlash(line(from));
  const parent = from.endsWith('/*') ? from.slice(0, -2) || '/' : null;
  // Only where this rule is the first to answer the parent: an earlier rule, or a file, keeps it otherwise.
  if (parent === null || rulesFor(parent)[0] !== rule) return [line(from)];
  return [line(parent, rule.to.replaceAll(':splat', '')), line(from)];
}

/**
 * The lines that keep the files some rule matches and no forced rule does (a
 * forced rule is meant to win over a file): a file served as it is, a page's
 * alias sent to the page. Sorted by source.
 */
function keptLines(site: SitePaths, rulesFor: (path: string) => RedirectRule[]): Line[] {
  const caught = (path: string) => {
    const matching = rulesFor(path);
    return matching.length > 0 && !matching.some((rule) => rule.force);
  };
  const lines: Line[] = [];
  for (const file of site.files) {
    if (!caught(file)) continue;
    const requested = asRequested(file);
    lines.push(...withSlash({ from: requested, to: requested, status: '200' }));
  }
  for (const page of site.pages) {
    if (caught(page)) lines.push({ from: page, to: page, status: '200' });
    for (const alias of aliasPaths(page)) if (caught(alias)) lines.push(...withSlash({ from: alias, to: page, status: '301' }));
  }
  return lines.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * A file's path as a browser asks for it, percent-encoded (a space in a photo's name is `%20`,
 * `#` and `?` too, which would end the path): one token, and the form Cloudflare matches,
 * since it reads a rule's source as a URL and encodes it so itself. Page routes, being
 * slugs, are their own encoding.
 */
export function asRequested(path: string): string {
  try {
    return encodeURI(path).replace(/[?#]/g, (c) => encodeURIComponent(c));
  } catch {
    // Half a character (a lone surrogate) has no encoding, nor a file name on disk.
    throw new UnwritableValue('_redirects', "a file's path", path);
  }
}

/** A line and, for Cloudflare, its twin with a trailing slash, which Netlify reads into the line itself. */
function withSlash(line: Line): Line[] {
  return line.from.endsWith('/') ? [line] : [line, { ...line, from: `${line.from}/` }];
}
