// The validated, resolved content that every later stage works from.
import type { CommonPageFields, ShareCard } from './theme.ts';
import type { RedirectRule } from './content-schema.ts';
import type { Member } from './member.ts';
import type { ParsedYaml } from './source.ts';
import type { Picture } from './picture.ts';

/** Published; a draft (`draft: true`); or scheduled (dated after the build's day). */
export type PostStatus = 'published' | 'draft' | 'scheduled';

/** A page file, validated against its template's schema, defaults filled. */
export interface PageEntry {
  file: string;
  route: string;
  template: string;
  data: Record<string, unknown> & CommonPageFields;
  source: ParsedYaml;
}

/** A blog post: validated front matter and its Markdown body. */
export interface PostEntry {
  file: string;
  route: string;
  slug: string;
  front: Record<string, unknown>;
  body: string;
  /** The line of the file where the body starts, to locate links inside it. */
  bodyLine: number;
  words: number;
  /** The browser title and meta description: front matter `seoTitle` (else `title`) and `metaDescription`. */
  head: { title: string; description: string; titleField: string; descriptionField: string };
  /** Published, or (only in a build with drafts) a draft or scheduled for a later day. */
  status: PostStatus;
  source: ParsedYaml;
}

/** A redirect rule with the place it was written. */
export interface RedirectEntry extends RedirectRule {
  file: string;
  /** Where each of its values is written, so a problem with `to` points at `to`. */
  fields: Record<'from' | 'to', { line: number; column: number }>;
}

/** A file copied from static/ as it is. */
export interface StaticEntry {
  file: string;
  /** Its public path, e.g. `/images/blog/panel.svg`. */
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
  /** Posts in list order: newest first, then by slug. */
  posts: PostEntry[];
  redirects: RedirectEntry[];
  statics: StaticEntry[];
  /** The members of each collection the theme declares, in route order. */
  collections: Record<string, Member[]>;
  /** The images content names, by the path as written (set by the images stage). */
  pictures?: Record<string, Picture>;
  /** Each page's share card, by route (set by the images stage when the theme draws them). */
  shareCards?: Record<string, ShareCard>;
}
