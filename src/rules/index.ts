// The engine's rules of meaning, beyond shape. Each rule is a small named
// function over plain values; this module only gathers what they need.
import { hasErrors, type Diagnostic } from '../contracts/diagnostics.ts';
import { allPages, isMarkdownPage, type PageEntry, type SiteModel } from '../contracts/model.ts';
import type { RenderedPage } from '../render/render.ts';
import type { HtmlUrl } from '../contracts/rendered.ts';
import { perObject } from '../memo.ts';
import { isPattern, normaliseLinkPath } from '../url.ts';
import { duplicateRoutes } from './duplicate-routes.ts';
import { linksInData, linksOfBody, type Link } from './link-sources.ts';
import { htmlLink } from '../html/page-facts.ts';
import { checkLinks, type LinkTargets } from './links.ts';
import { checkRedirects } from './redirects.ts';
import { editorHeaders } from './editor-headers.ts';
import { ADMIN_FOLDER, ADMIN_PAGE } from '../cms/admin-page.ts';
import { outputClashes } from './output-clashes.ts';
import { uniqueHeads } from './unique-heads.ts';
import { inlineAttributes } from './inline-attributes.ts';
import { orphanPages } from './orphans.ts';
import { markdownInText } from './markdown-in-text.ts';
import { placeholdersLeft } from './placeholders.ts';
import { unknownPlaceholders } from './unknown-placeholders.ts';
import { unsafeHtml } from './unsafe-html.ts';
import { markdownTooDeep } from './markdown-depth.ts';
import { hiddenCharacters } from './hidden-characters.ts';
import { themePageRules } from './theme-rules.ts';
import type { Theme } from '../contracts/theme.ts';

/** Rules that need only the content: run even when some files failed their schema. */
export function checkData(model: SiteModel, claimedRoutes: readonly string[], theme: Pick<Theme, 'pageRules' | 'placeholders'> = {}): Diagnostic[] {
  const targets = linkTargets(model, claimedRoutes, []);
  const links: Link[] = [
    ...(model.siteSource ? linksInData('site.yaml', model.siteSource.data, model.siteSource) : []),
    ...allPages(model).flatMap(linksOfEntry),
  ];
  return [
    ...duplicateRoutes(model),
    ...uniqueHeads(model),
    ...checkLinks(links, targets),
    ...checkRedirects(model.redirects, targets, model.site.baseUrl),
    ...markdownInText(model),
    ...placeholdersLeft(model),
    ...unsafeHtml(model),
    ...markdownTooDeep(model),
    ...hiddenCharacters(model),
    ...unknownPlaceholders(model, theme.placeholders),
    ...themePageRules(model, theme.pageRules),
  ];
}

// Links of the content, found once per entry (a rebuild keeps the entries of unchanged files).
export const linksOfEntry = perObject((page: PageEntry) => [
  ...linksInData(page.file, page.source.data, page.source),
  ...(isMarkdownPage(page) ? linksOfBody(page) : []),
]);

/** What the rendered-page rules need besides the pages. */
export interface RenderedContext {
  /** Paths of bundled assets and generated files. */
  generated: readonly string[];
  /** Routes of every page file, valid or not. */
  claimedRoutes: readonly string[];
  /** Problems found before rendering: a link reported where it is written is not reported again. */
  found: readonly Diagnostic[];
}

/** Rules over the rendered pages: links that templates write, and files that would overwrite each other. */
/**
 * Stage 4 as a build runs it: the rules over the model with the theme's page rules, where an image
 * field's path to nothing (in `images`, the images stage's problems) is said once, as a missing image
 * rather than also as a broken link.
 */
export function modelRules(
  model: SiteModel,
  claimedRoutes: readonly string[],
  theme: Pick<Theme, 'pageRules' | 'placeholders'>,
  images: readonly Diagnostic[],
): Diagnostic[] {
  const ruled = checkData(model, claimedRoutes, { pageRules: theme.pageRules?.bind(theme), placeholders: theme.placeholders });
  const placeOf = (d: Diagnostic) => `${d.file}:${d.line}:${d.column}`;
  const missing = new Set(images.filter((d) => d.code === 'image-missing').map(placeOf));
  return ruled.filter((d) => !(d.code === 'broken-link' && missing.has(placeOf(d))));
}

export function checkRendered(model: SiteModel, pages: readonly RenderedPage[], context: RenderedContext): Diagnostic[] {
  const targets = linkTargets(model, context.claimedRoutes, context.generated);
  // Two pages with one output are two files claiming one route, which duplicateRoutes reports.
  const pageOutputs = new Map(pages.map((page) => [page.output, page.source]));
  // What the build makes first, so that a content file writing the same path is the one reported, at its file.
  const planned = [
    // Two files of one route each get the route's share card: one path the build makes twice.
    ...[...new Set(context.generated)].map((path) => ({ path, from: 'the build' })),
    ...[...pageOutputs].map(([path, from]) => ({ path, from })),
    ...model.statics.map((s) => ({ path: s.route.slice(1), from: s.file })),
  ];
  // A link written in content is reported where it is written; the same href in the HTML is not news.
  const reported = new Set(context.found.filter((d) => d.subject !== undefined).map((d) => `${d.code} ${d.subject}`));
  // React swaps a javascript: URL that a template renders for one of its own; the
  // original was reported where it is written, so the swapped one is not a link to check.
  // Each href is checked once, where it first appears (a template's link is on thousands of pages).
  // A group that a shared block gives every page is one array: once it is read on the first page showing it, each of
  // its hrefs has been seen, and it is skipped on the others.
  const rendered: Link[] = [];
  const seen = new Set<string>();
  const read = new Set<readonly HtmlUrl[]>();
  for (const page of pages) {
    for (const group of page.facts.links) {
      if (read.has(group)) continue;
      read.add(group);
      for (const url of group) {
        if (seen.has(url.href) || url.href.startsWith(REACT_BLOCKED_URL)) continue;
        seen.add(url.href);
        rendered.push(htmlLink(page.source, url));
      }
    }
  }
  const links = checkLinks(rendered, targets, { oncePerHref: true }).filter((d) => !reported.has(`${d.code} ${d.subject}`));
  // Orphans are only worth a word on content that is otherwise sound: a page with an error is
  // not rendered, and the pages it links to would look orphaned.
  const orphans = hasErrors([...context.found, ...links]) ? [] : orphanPages(model, pages);
  // With the browser editor (its page among the generated files), the page headers need a block per folder.
  const editor = context.generated.includes(`${ADMIN_PAGE.slice(1)}.html`) ? editorHeaders(planned, ADMIN_FOLDER) : [];
  return [...outputClashes(planned), ...editor, ...links, ...inlineAttributes(pages), ...orphans];
}

/** How React's replacement for a blocked javascript: URL starts. */
const REACT_BLOCKED_URL = "javascript:throw new Error('React";

function linkTargets(model: SiteModel, claimedRoutes: readonly string[], outputFiles: readonly string[]): LinkTargets {
  return {
    routes: new Set([...model.pages.map((p) => p.route), ...claimedRoutes]),
    redirectSources: new Map(model.redirects.filter((r) => !isPattern(r.from)).map((r) => [normaliseLinkPath(r.from), r.to])),
    files: new Set([...model.statics.map((s) => s.route), ...outputFiles.filter((f) => !f.endsWith('.html')).map((f) => '/' + f)]),
  };
}
