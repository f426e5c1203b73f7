// What the rules over the output and the extras need of a rendered page, found
// in one scan as the page is rendered. The facts are small plain data: the page's
// HTML can go to disk and out of memory while the build goes on, and a page
// rendered on another thread sends its facts back as they are.
import { inlineCodeOf } from '../extras/csp.ts';
import type { HtmlUrl, InlineCode, PageFacts } from '../contracts/rendered.ts';

export type { HtmlUrl, PageFacts } from '../contracts/rendered.ts';
import type { Link } from '../contracts/link.ts';
import { normaliseLinkPath } from '../url.ts';
import { scanPiece, type HtmlScan, type PieceScan } from './scan.ts';

/** A URL in a page's HTML and the attribute that holds it. */

export function pageFacts(html: string): PageFacts {
  return joinFacts([pieceFacts(scanPiece(html))]);
}

/**
 * The facts of a page spliced from its own HTML and shared blocks (src/render/shared-blocks.ts),
 * as pageFacts finds them in the whole: a block that thousands of pages show is scanned once,
 * and its facts are the same objects on every such page.
 */
export function splicedFacts(parts: readonly (string | { html: string })[]): PageFacts {
  return joinFacts(parts.map((part) => (typeof part === 'string' ? pieceFacts(scanPiece(part)) : blockFacts(part))));
}

/** Every URL of the page once, with the first attribute that holds it, in the page's order (srcset candidates last). */
export function urlsOf(facts: PageFacts): HtmlUrl[] {
  const seen = new Set<string>();
  return facts.links.flat().filter((url) => !seen.has(url.href) && seen.add(url.href));
}

/** Every site path the page's href attributes lead to. */
export function pathsOf(facts: PageFacts): Set<string> {
  return new Set(facts.linkedPaths.flatMap((paths) => [...paths]));
}

/** What one piece of a page holds; a page's scan lists srcset candidates after all its other URLs. */
interface PieceFacts {
  urls: HtmlUrl[];
  sets: HtmlUrl[];
  linkedPaths: ReadonlySet<string>;
  inline: InlineCode;
}

// A block is one object for all the pages of a render that show it; its facts go when it does.
const blockFactsKept = new WeakMap<object, PieceFacts>();
function blockFacts(block: { html: string }): PieceFacts {
  let facts = blockFactsKept.get(block);
  if (!facts) blockFactsKept.set(block, (facts = pieceFacts(scanPiece(block.html))));
  return facts;
}

function pieceFacts(scan: PieceScan): PieceFacts {
  return { urls: distinctUrls(scan.urls), sets: distinctUrls(scan.sets), linkedPaths: linkedPaths(scan.urls), inline: inlineCodeOf(scan) };
}

function joinFacts(pieces: readonly PieceFacts[]): PageFacts {
  return {
    links: [...pieces.map((piece) => piece.urls), ...pieces.map((piece) => piece.sets)].filter((group) => group.length > 0),
    linkedPaths: pieces.map((piece) => piece.linkedPaths).filter((paths) => paths.size > 0),
    inline:
      pieces.length === 1
        ? pieces[0]!.inline
        : {
            styles: pieces.flatMap((piece) => piece.inline.styles),
            scripts: pieces.flatMap((piece) => piece.inline.scripts),
            attributes: pieces.flatMap((piece) => piece.inline.attributes),
          },
  };
}

/** A URL of the page `file` rendered, as a link for the link rules. */
export function htmlLink(file: string, url: HtmlUrl): Link {
  return { href: url.href, file, position: nowhere, path: url.path, origin: 'html' };
}

function distinctUrls(urls: HtmlScan['urls']): HtmlUrl[] {
  const seen = new Set<string>();
  const out: HtmlUrl[] = [];
  for (const { attribute, value } of urls) if (!seen.has(value) && seen.add(value)) out.push({ href: value, path: attribute });
  return out;
}

function linkedPaths(urls: HtmlScan['urls']): Set<string> {
  const paths = new Set<string>();
  for (const { attribute, value } of urls) {
    if (attribute === 'href' && value.startsWith('/') && !value.startsWith('//')) paths.add(normaliseLinkPath(value));
  }
  return paths;
}

/** Rendered HTML has no line worth pointing at: the diagnostic names the page's file. */
const nowhere = () => ({ line: 0, column: 0 });
