// What the engine's rules found in each page's own file, kept in the cache folder for the next process:
// the problems of the rules that read nothing but the page (hidden characters, Markdown in text,
// placeholders, raw HTML, Markdown nested too deep) and the links the page writes. A build after a
// one-page edit then reads, lexes and walks only that page; the rules over the whole site (broken
// links, orphans, duplicates) still run over every page, from these links.
//
// What is kept is what each rule's memo (src/memo.ts) worked out for a page; the next build gives it
// back to the memo (`prime`), so the rules run as they always do and cannot tell a kept fact from one
// worked out. A page's facts are told by its file's name and a digest of its text; the file holds a
// key of the engine's code and of what the theme tells the rules (its placeholders, its front matter
// fields), and a file with another key is not read at all.
import { join } from 'node:path';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { catalogue } from '../contracts/catalogue.ts';
import type { Link } from '../contracts/link.ts';
import { allPages, isMarkdownPage, type PageEntry, type SiteModel } from '../contracts/model.ts';
import { cacheKey } from '../digest.ts';
import { keepWhole, readKept } from '../node-module.js';
import { hiddenInBody, hiddenInData } from './hidden-characters.ts';
import { linksOfEntry } from './index.ts';
import { linksInData, linksInMarkdown, linksOfBody } from './link-sources.ts';
import { tooDeepInBody } from './markdown-depth.ts';
import { markdownLinksIn } from './markdown-in-text.ts';
import { placeholdersIn } from './placeholders.ts';
import { unknownInFor } from './unknown-placeholders.ts';
import { unsafeHtmlInBody } from './unsafe-html.ts';

/** Bumped when page checks are kept differently. */
const FORMAT = 1;

/** One page's facts as kept. */
interface KeptPage {
  /** The page file's textKey. */
  text: string;
  markdownInText: Diagnostic[];
  placeholders: Diagnostic[];
  hiddenInData: Diagnostic[];
  /** Absent when the theme declares no placeholder names. */
  unknownPlaceholders?: Diagnostic[];
  /** Links written in the page's data: href and field path. */
  dataLinks: [string, string][];
  /** A Markdown page's. */
  body?: {
    unsafeHtml: Diagnostic[];
    tooDeep: Diagnostic[];
    hidden: Diagnostic[];
    /** Links of the body: href, and an image's alt text (null for a link). */
    links: [string, string | null][];
  };
}

interface KeptFile {
  format: number;
  key: string;
  /** By page file. */
  pages: Record<string, KeptPage>;
}

/** What the theme tells the page rules. */
export interface CheckedWith {
  placeholders: readonly string[] | undefined;
  frontMatterFields: readonly string[];
}

/** Where a project's page checks are kept. */
export function keptChecksFile(folder: string, root: string): string {
  return join(folder, `checks-${cacheKey(root).slice(0, 12)}.json`);
}

/** The key of checks made by the engine's code `engine` for a theme that tells the rules `theme`; undefined without an engine. */
export function checksKey(engine: string | undefined, theme: CheckedWith): string | undefined {
  if (engine === undefined) return undefined;
  return cacheKey(JSON.stringify([FORMAT, engine, theme.placeholders ?? null, theme.frontMatterFields]));
}

/**
 * Gives the rules' memos what the checks kept in `file` under `key` say of each page of `model` whose text is
 * the one they were made from; returns how many pages were given theirs, and how many the file held.
 */
export function primeKeptChecks(file: string, key: string, model: SiteModel, theme: CheckedWith): { primed: number; kept: number } {
  const kept = keptChecks(file, key);
  if (!kept) return { primed: 0, kept: 0 };
  let primed = 0;
  for (const entry of allPages(model)) {
    const page = Object.hasOwn(kept.pages, entry.file) ? kept.pages[entry.file] : undefined;
    if (!page || entry.textKey === undefined || page.text !== entry.textKey) continue;
    // Facts of the kind this page needs: a Markdown page's body facts, the unknown placeholders when the theme names some.
    if (isMarkdownPage(entry) !== (page.body !== undefined) || (theme.placeholders !== undefined) !== (page.unknownPlaceholders !== undefined)) continue;
    prime(entry, page, theme);
    primed++;
  }
  return { primed, kept: Object.keys(kept.pages).length };
}

function prime(entry: PageEntry, page: KeptPage, theme: CheckedWith): void {
  const { source } = entry;
  markdownLinksIn.prime(source, () => page.markdownInText);
  hiddenInData.prime(source, () => page.hiddenInData);
  placeholdersIn.prime(entry, page.placeholders);
  if (theme.placeholders && page.unknownPlaceholders) unknownInFor(theme.placeholders).prime(entry, page.unknownPlaceholders);
  const dataLinks = placedLater(
    page.dataLinks,
    () => linksInData(entry.file, source.data, source),
    ([href, path], position): Link => ({ href, file: entry.file, position, path, origin: 'data' }),
  );
  let bodyLinks: Link[] = [];
  if (isMarkdownPage(entry) && page.body) {
    const { body } = page;
    unsafeHtmlInBody.prime(entry, body.unsafeHtml);
    tooDeepInBody.prime(entry, body.tooDeep);
    hiddenInBody.prime(entry, body.hidden);
    bodyLinks = placedLater(
      body.links,
      () => linksInMarkdown(entry.file, entry.body.text, entry.body.line),
      ([href, alt], position): Link => ({ href, file: entry.file, position, path: '', origin: 'markdown', ...(alt === null ? {} : { alt }) }),
    );
    linksOfBody.prime(entry, bodyLinks);
  }
  linksOfEntry.prime(entry, [...dataLinks, ...bodyLinks]);
}

/**
 * Links as kept, each made by `link` with a position worked out only when a problem is reported at it (as for
 * links found in this run): from the links found again (`findAgain`, once for all), the kept ones in the same order.
 */
function placedLater<K>(kept: readonly K[], findAgain: () => Link[], link: (kept: K, position: Link['position']) => Link): Link[] {
  let found: Link[] | undefined;
  return kept.map((k, index) => link(k, () => (found ??= findAgain())[index]?.position() ?? { line: 0, column: 0 }));
}

/**
 * Keeps in `file`, under `key`, what the rules' memos hold for each page of `model` (asking a memo that has
 * nothing yet works it out). Written whole: a build killed meanwhile leaves the last file or none.
 */
export async function keepChecks(file: string, key: string, model: SiteModel, theme: CheckedWith): Promise<void> {
  const pages: Record<string, KeptPage> = {};
  for (const entry of allPages(model)) {
    if (entry.textKey === undefined) continue;
    const dataLinks = linksOfEntry(entry)
      .filter((link) => link.origin === 'data')
      .map((link): [string, string] => [link.href, link.path]);
    const page: KeptPage = {
      text: entry.textKey,
      markdownInText: markdownLinksIn(entry.source)(entry.file),
      placeholders: placeholdersIn(entry),
      hiddenInData: hiddenInData(entry.source)(entry.file),
      ...(theme.placeholders ? { unknownPlaceholders: unknownInFor(theme.placeholders)(entry) } : {}),
      dataLinks,
    };
    if (isMarkdownPage(entry)) {
      page.body = {
        unsafeHtml: unsafeHtmlInBody(entry),
        tooDeep: tooDeepInBody(entry),
        hidden: hiddenInBody(entry),
        links: linksOfBody(entry).map((link) => [link.href, link.alt ?? null]),
      };
    }
    pages[entry.file] = page;
  }
  const kept: KeptFile = { format: FORMAT, key, pages };
  await keepWhole(file, JSON.stringify(kept));
}

function keptChecks(file: string, key: string): KeptFile | undefined {
  const kept = readKept(file);
  // A file this engine did not write as it is (another key, or changed since) is thrown away whole, never half-used.
  if (!isKeptFile(kept) || kept.format !== FORMAT || kept.key !== key) return undefined;
  return kept;
}

function isKeptFile(value: unknown): value is KeptFile {
  if (!isObject(value) || typeof value.key !== 'string' || !isObject(value.pages)) return false;
  return Object.values(value.pages).every(isKeptPage);
}

/** Whether `value` is a page's facts as keepChecks writes them, to the type of every field: a rule given anything else could fail. */
function isKeptPage(value: unknown): value is KeptPage {
  if (!isObject(value) || typeof value.text !== 'string') return false;
  const { markdownInText, placeholders, hiddenInData, unknownPlaceholders, dataLinks, body } = value;
  if (![markdownInText, placeholders, hiddenInData].every(isDiagnostics)) return false;
  if (unknownPlaceholders !== undefined && !isDiagnostics(unknownPlaceholders)) return false;
  if (!isListOf(dataLinks, (link) => isPair(link) && typeof link[0] === 'string' && typeof link[1] === 'string')) return false;
  if (body === undefined) return true;
  if (!isObject(body) || ![body.unsafeHtml, body.tooDeep, body.hidden].every(isDiagnostics)) return false;
  return isListOf(body.links, (link) => isPair(link) && typeof link[0] === 'string' && (link[1] === null || typeof link[1] === 'string'));
}

/** Whether `value` is a list of diagnostics as the engine makes them, to the type of every field. */
export function isDiagnostics(value: unknown): value is Diagnostic[] {
  return isListOf(value, (d) => {
    if (!isObject(d) || !['file', 'path', 'message'].every((name) => typeof d[name] === 'string')) return false;
    if (!Number.isInteger(d.line) || !Number.isInteger(d.column) || (d.severity !== 'error' && d.severity !== 'warning')) return false;
    if (typeof d.code !== 'string' || !Object.hasOwn(catalogue, d.code)) return false;
    return (d.hint === undefined || typeof d.hint === 'string') && (d.subject === undefined || typeof d.subject === 'string');
  });
}

const isListOf = (value: unknown, each: (item: unknown) => boolean): boolean => Array.isArray(value) && value.every(each);
const isPair = (value: unknown): value is unknown[] => Array.isArray(value) && value.length === 2;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
