// What the rules over the output and the extras need of a rendered page, found
// in one scan as the page is rendered. The facts are small; the page's HTML can
// then go to disk and out of memory while the build goes on.
import { inlineCodeOf, type InlineCode } from '../extras/csp.ts';
import type { Link } from '../rules/link-sources.ts';
import { normaliseLinkPath } from '../url.ts';
import { scanHtml, type HtmlScan } from './scan.ts';

export interface PageFacts {
  /** Each URL the page's attributes hold, once, with the first attribute that holds it. */
  links: Link[];
  /** The site paths its href attributes lead to, normalised (what makes another page not an orphan). */
  linkedPaths: ReadonlySet<string>;
  /** Its inline scripts, styles and inline-code attributes. */
  inline: InlineCode;
}

export function pageFacts(source: string, html: string): PageFacts {
  const scan = scanHtml(html);
  return { links: distinctLinks(source, scan), linkedPaths: linkedPaths(scan), inline: inlineCodeOf(scan) };
}

/** Every URL of the page as a link, in document order (srcset candidates last). */
export function htmlLinks(source: string, scan: HtmlScan): Link[] {
  return scan.urls.map(({ attribute, value }) => ({ href: value, file: source, position: nowhere, path: attribute, origin: 'html' as const }));
}

function distinctLinks(source: string, scan: HtmlScan): Link[] {
  const seen = new Set<string>();
  return htmlLinks(source, scan).filter((link) => !seen.has(link.href) && Boolean(seen.add(link.href)));
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
