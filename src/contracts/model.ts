// The validated, resolved content that every later stage works from.
import type { ShareCard } from './theme.ts';
import type { RedirectRule } from './content-schema.ts';
import type { Member, PageStatus } from './member.ts';

export type { PageStatus };
import type { FieldPath, ParsedYaml } from './source.ts';
import type { Picture } from './picture.ts';

/** What a page's head says: the browser title and meta description, and the fields they were written in. */
export interface PageHead {
  title: string;
  description: string;
  /** Keep the page out of search engines and the sitemap. */
  noindex: boolean;
  /** The fields of the page's file the title and description come from, so a rule about them points there. */
  titleField: string;
  descriptionField: string;
}

/** The Markdown after a page's front matter. */
export interface MarkdownBody {
  text: string;
  /** The line of the file where the body starts, to locate what is inside it. */
  line: number;
  words: number;
}

/**
 * A page file validated against its template's schema, defaults filled: a YAML file, or a Markdown
 * file whose front matter holds the fields and whose body is the page's text.
 */
export interface PageEntry {
  file: string;
  route: string;
  template: string;
  /** The validated fields: a YAML page's whole file, a Markdown page's front matter. */
  data: Record<string, unknown>;
  head: PageHead;
  /** A Markdown page's body. */
  body?: MarkdownBody;
  /** Published, or (only in a build with drafts) a draft or scheduled for a later day. */
  status: PageStatus;
  source: ParsedYaml;
  /**
   * A digest of the page file's whole text, as the parse cache keys it, when the file was read through one:
   * what tells a page's kept checks (src/rules/kept-checks.ts) from another text's.
   */
  textKey?: string;
  /**
   * Set on a page whose value is loaded only when something reads it (a YAML page known from an earlier build, see
   * src/validate/known-page.ts): what the engine reads of that value beyond rendering it, kept with its text.
   */
  facts?: PageFacts;
}

/** What the engine reads of an unchanged page's value when it does not render it: who it joins, which images it names. */
export interface PageFacts {
  /** Its `collections:` field, as validated (none: `{}`). */
  joined: Readonly<Record<string, Record<string, unknown>>>;
  /** Its image fields (src/images/fields.ts), each with its path in the value. */
  images: readonly { path: FieldPath; value: string }[];
}

/** A page with a Markdown body. */
export type MarkdownPageEntry = PageEntry & { body: MarkdownBody };

/** A redirect rule with the place it was written. */
export interface RedirectEntry extends RedirectRule {
  file: string;
  /** Where each of its values is written, so a problem with `to` points at `to`. */
  fields: Record<'from' | 'to', { line: number; column: number }>;
}

/** A file copied from static/ as it is. */
export interface StaticEntry {
  file: string;
  /** Its public path, e.g. `/images/team/front-desk.svg`. */
  route: string;
  contents: Buffer;
}

export interface SiteModel {
  /** The resolved site.yaml, base URL override applied, without a trailing slash. */
  site: Record<string, unknown> & { baseUrl: string };
  siteSource: ParsedYaml | null;
  /** Every page but the 404 page, sorted by route. */
  pages: PageEntry[];
  /** The page rendered to 404.html, if pages/404.yaml exists. */
  notFound: PageEntry | null;
  redirects: RedirectEntry[];
  statics: StaticEntry[];
  /** The members of each collection the theme declares, in route order. */
  collections: Record<string, Member[]>;
  /** The images content names, by the path as written (set by the images stage). */
  pictures?: Record<string, Picture>;
  /** Each page's share card, by route (set by the images stage when the theme draws them). */
  shareCards?: Record<string, ShareCard>;
}

/** Every page the site renders, the 404 page last. */
export function allPages(model: Pick<SiteModel, 'pages' | 'notFound'>): PageEntry[] {
  return model.notFound ? [...model.pages, model.notFound] : [...model.pages];
}

/** Whether a page has a Markdown body. */
export function isMarkdownPage(page: PageEntry): page is MarkdownPageEntry {
  return page.body !== undefined;
}

/** The pages with a Markdown body, the 404 page included when it has one. */
export function markdownPages(model: Pick<SiteModel, 'pages' | 'notFound'>): MarkdownPageEntry[] {
  return allPages(model).filter(isMarkdownPage);
}
