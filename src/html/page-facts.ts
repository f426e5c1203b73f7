// What the rules over the output and the extras need of a rendered page, found
// in one scan as the page is rendered. The facts are small plain data: the page's
// HTML can go to disk and out of memory while the build goes on, and a page
// rendered on another thread sends its facts back as they are.
import { inlineCodeOf, type InlineCode } from '../extras/csp.ts';
import type { Link } from '../rules/link-sources.ts';
import { normaliseLinkPath } from '../url.ts';
import { joinScans, scanHtml, scanPiece, type HtmlScan, type PieceScan } from './scan.ts';

/** A URL in a page's HTML and the attribute that holds it. */
export interface HtmlUrl {
  href: string;
  path: string;
}

export interface PageFacts {
  /** Each URL the page's attributes hold, once, with the first attribute that holds it. */
  links: HtmlUrl[];
  /** The site paths its href attributes lead to, normalised (what makes another page not an orphan). */
  linkedPaths: ReadonlySet<string>;
  /** Its inline scripts, styles and inline-code attributes. */
  inline: InlineCode;
}

export function pageFacts(html: string): PageFacts {
  return factsOf(scanHtml(html));
}

/**
 * The facts of a page spliced from its own HTML and shared blocks (src/render/shared-blocks.ts),
 * as pageFacts finds them in the whole: a block that thousands of pages show is scanned once.
 */
export function splicedFacts(parts: readonly (string | { html: string })[]): PageFacts {
  return factsOf(joinScans(parts.map((part) => (typeof part === 'string' ? scanPiece(part) : blockScan(part)))));
}

// A block is one object for all the pages of a render that show it; its scan goes when it does.
const blockScans = new WeakMap<object, PieceScan>();
function blockScan(block: { html: string }): PieceScan {
  let scan = blockScans.get(block);
  if (!scan) blockScans.set(block, (scan = scanPiece(block.html)));
  return scan;
}

function factsOf(scan: HtmlScan): PageFacts {
  return { links: distinctUrls(scan), linkedPaths: linkedPaths(scan), inline: inlineCodeOf(scan) };
}

/** A URL of the page `file` rendered, as a link for the link rules. */
export function htmlLink(file: string, url: HtmlUrl): Link {
  return { href: url.href, file, position: nowhere, path: url.path, origin: 'html' };
}

function distinctUrls(scan: HtmlScan): HtmlUrl[] {
  const seen = new Set<string>();
  const out: HtmlUrl[] = [];
  for (const { attribute, value } of scan.urls) if (!seen.has(value) && seen.add(value)) out.push({ href: value, path: attribute });
  return out;
}

function linkedPaths(scan: HtmlScan): Set<string> {
  const paths = new Set<string>();
  for (const { attribute, value } of scan.urls) {
    if (attribute === 'href' && value.startsWith('/') && !value.startsWith('//')) paths.add(normaliseLinkPath(value));
  }
  return paths;
}

/** Rendered HTML has no line worth pointing at: the diagnostic names the page's file. */
const nowhere = () => ({ line: 0, column: 0 });
