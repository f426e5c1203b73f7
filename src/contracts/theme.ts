// The contract between the engine and a site's templates.
//
// The engine knows nothing about what a site sells: it loads YAML, validates it
// against the schemas a theme declares, and hands each template typed,
// resolved data. A theme (templates/index.ts) is a plain object of this shape.
import type { Picture } from './picture.ts';
import type { ReactElement } from 'react';
import type { TObject } from '@sinclair/typebox';
import type { Member, PageStatus } from './member.ts';

/** One page template: the shape of its data and the component that renders it. */
export interface PageTemplate<Page = unknown, Site = unknown> {
  /**
   * The page's own fields, as an editor writes them. The engine adds the
   * common fields (template, title, description, noindex) itself.
   * Properties with a `default` are optional for the editor and always
   * present for the component.
   */
  schema: TObject;
  /** Renders the whole document from `<html>` down; the engine adds the doctype. */
  component(props: PageProps<Page, Site>): ReactElement;
  /**
   * Set when this template's pages are Markdown files (`.md`): front matter with the
   * fields of `schema` (and the engine's `template:`, `draft:` and `noindex:`), then the page's text. The component gets a
   * `MarkdownPage` as `page`. Unset: its pages are YAML files with the common fields.
   */
  markdown?: MarkdownTemplate;
}

/** How a template's Markdown pages are read. */
export interface MarkdownTemplate {
  /**
   * Front-matter fields that hold the browser title (the first one a page has
   * wins, e.g. an SEO title before the headline) and the meta description. The
   * engine passes them to the component as the common page fields and points
   * its head rules (unique titles, for example) at them.
   */
  head: { title: readonly [string, ...string[]]; description: string };
  /**
   * The front-matter field with the publish date, as YYYY-MM-DD. A page dated after
   * the build's day is left out (like one with `draft: true`) until then.
   */
  date: string;
  /**
   * How wide a photo in the body is shown, as the `sizes` of its `<picture>`, e.g.
   * `(min-width: 48rem) 48rem, 100vw` for a column at most 48rem wide. Default `100vw`.
   */
  imageSizes?: string;
}

/** Everything a template receives. Plain data, already validated and resolved. */
export interface PageProps<Page = unknown, Site = unknown> {
  /** The resolved site.yaml. */
  site: Site;
  /** The resolved page data, common fields included. */
  page: Page & CommonPageFields;
  /** The page's route, e.g. `/services/wiring` (`/` for home). */
  route: string;
  /** The absolute canonical URL of the page. */
  canonical: string;
  /** The site's base URL without a trailing slash, e.g. `https://www.example.com`. */
  baseUrl: string;
  /** Bundled assets: public URLs of client scripts and the stylesheet's text. */
  assets: Assets;
  /**
   * The members of each collection the theme declares, in route order: every
   * page that names the collection under `collections:` in its YAML. Lists of
   * pages (menus, area lists, cards) are queries over these (see `query`).
   */
  collections: Record<string, Member[]>;
  /**
   * The images content names in fields marked `contentMediaType: 'image/…'`, by the
   * path as written: the variants the build made, ready for `<picture>`.
   */
  pictures: Record<string, Picture>;
  /** The page's share card, when the theme draws one (`shareCard`). */
  shareCard?: ShareCard;
}

/** Fields every page has, whatever its template. */
export interface CommonPageFields {
  /** Template name, e.g. `service`. */
  template: string;
  /** The browser title. */
  title: string;
  /** The meta description. */
  description: string;
  /** Keep the page out of search engines and the sitemap. */
  noindex: boolean;
}

/** Output of the bundle stage, as templates see it. */
export interface Assets {
  /** Minified site stylesheet, to inline in a `<style>` element. */
  css: string;
  /** Client script entry name → public URL of its hashed bundle, e.g. `/assets/menu-3F2A1B.js`. */
  scripts: Record<string, string>;
  /** The head's icon links, when the theme names an icon (`client.icon`). */
  icons?: IconLink[];
  /** The web app manifest's address, when the theme gives one (`manifest`). */
  manifest?: string;
}

/** A `<link>` of the page head for an icon. */
export interface IconLink {
  rel: 'icon' | 'apple-touch-icon';
  href: string;
  type?: string;
  sizes?: string;
}

/** What a Markdown template receives as `page`: its front matter plus the rendered body. */
export interface MarkdownPage<Front = Record<string, unknown>> {
  front: Front;
  /** The body converted from Markdown to HTML. */
  html: string;
  words: number;
  /** A draft or scheduled page is rendered only in builds with drafts, and the template should mark it. */
  status: PageStatus;
}

/**
 * A problem a theme's own rule finds in site.yaml, such as a phone whose
 * printed form is not its E.164 number. The engine reports it once, at the
 * line of `path` in site.yaml.
 */
export interface SiteProblem {
  /** Where in site.yaml (or, from a page rule, in the page's file), e.g. `['contact', 'phones', 0, 'display']`. */
  path: readonly (string | number)[];
  /** What is wrong, as one sentence without a trailing period. */
  message: string;
  /** What to do about it. */
  hint?: string;
  /** A warning rather than an error: worth fixing, but the site still works. */
  warning?: boolean;
}

/** What a page rule is given: one page, and what it may compare the page with. */
export interface PageRuleInput<Site = unknown> {
  /** The page's route, template and resolved data. */
  page: { route: string; template: string; data: unknown };
  site: Site;
  /** The members of every collection, as templates see them. */
  collections: Record<string, Member[]>;
}

/** An Atom feed of a collection's members, newest first. */
export interface Feed {
  /** Its public path, e.g. `/news/feed.xml`; templates link it from the head of the pages it is for. */
  path: string;
  /** The feed's title, e.g. "Example Co. news". */
  title: string;
  /** Who writes it. */
  author: string;
  /** The route of the page that lists the members, e.g. `/news`. */
  list: string;
  /** A member's field with its headline. */
  headline: string;
  /** A member's field with its summary. */
  summary: string;
  /** A member's field with its date, YYYY-MM-DD: the feed is newest first. */
  date: string;
}

/**
 * A group of pages lists and queries work over: pages that list themselves in it
 * (`ListedCollection`), or every page of one template (`TemplateCollection`).
 */
export type CollectionDefinition = ListedCollection | TemplateCollection;

/** A group of pages that list themselves in it, such as the places a business serves. */
export interface ListedCollection {
  /**
   * What a member page writes about itself under `collections.<name>` in its
   * YAML: its group, its label in lists, its order, a position… Validated like
   * the page's own fields, with defaults filled.
   */
  schema: TObject;
  /** One line for editors: what the collection is and where it is shown. */
  description: string;
}

/** Every page of one template, such as the articles of a news section; a member's data is its page's fields. */
export interface TemplateCollection<Site = unknown> {
  template: string;
  /** One line for editors: what the collection is and where it is shown. */
  description: string;
  /** An Atom feed of the members, if the site wants one. */
  feed?(site: Site): Feed;
}

/** A theme: the schemas and components of one website. */
export interface Theme<Site = unknown> {
  /** Schema of site.yaml. It must declare `baseUrl` (string). */
  siteSchema: TObject;
  /** Page templates by the name pages use in `template:`. */
  templates: Record<string, PageTemplate<unknown, Site>>;
  /** Collections pages may list themselves in, by name. */
  collections?: Record<string, ListedCollection | TemplateCollection<Site>>;
  /**
   * Checks of meaning on the validated site.yaml that its schema cannot express
   * (two fields that must agree). Each problem is reported once, at its line.
   */
  siteRules?(site: Site): SiteProblem[];
  /**
   * Checks of meaning on each page that only the site can judge (a place with
   * no neighbours to list). Each problem is reported at its field in the page's file.
   */
  pageRules?(input: PageRuleInput<Site>): SiteProblem[];
  /**
   * The names text may write as `{name}` for the theme to fill in (a phone, a claim). Any other
   * `{name}` in a page's fields or Markdown is refused where it is written, so templates never meet one.
   * Undefined: braces are text, and nothing is checked.
   */
  placeholders?: readonly string[];
  /**
   * Origins the site's pages need beyond themselves, as Content-Security-Policy
   * directives, e.g. `{ 'form-action': ['https://formsubmit.co'] }`. The engine
   * allows its own origin and the hashes of inlined styles and scripts itself.
   */
  securityPolicy?(site: Site): Record<string, string[]>;
  /** Client-side assets, paths relative to the project root. */
  client: {
    /** Entry name → TypeScript file, each bundled to `/assets/<name>-<hash>.js`. */
    scripts: Record<string, string>;
    /** The stylesheet entry, bundled, minified and handed to templates as text. */
    stylesheet: string;
    /**
     * The site's icon: a square SVG, served as /favicon.svg and drawn as the PNGs
     * platforms ask for (32 px, the 180 px apple-touch-icon, 192 and 512 px and a
     * maskable 512 px for the manifest); `background` fills behind it where a
     * platform wants no transparency. Templates get the head links in `assets.icons`.
     */
    icon?: { source: string; background: string };
    /**
     * The browsers the scripts and the stylesheet must run in, as esbuild targets
     * (`['es2020', 'safari15']`): modern syntax they all know is kept, the rest is rewritten.
     * Default: `['es2020']`.
     */
    browsers?: readonly string[];
  };
  /**
   * The picture a page shows when it is shared (og:image), 1200 by 630: an SVG the
   * theme draws from the page, or an image of the site (under static/) to crop to that
   * shape. The build makes it a PNG (a JPEG for a photo), cached by content; templates
   * get it in `shareCard`. Undefined leaves the page without a card of its own.
   */
  shareCard?(input: ShareCardInput<Site>): ShareCardSpec | undefined;
  /**
   * The web app manifest's members (name, short_name, colours, display), written to
   * /manifest.webmanifest with the icons added; templates get its address in `assets.manifest`.
   */
  manifest?(site: Site): WebAppManifest;
}

/** What a theme draws a page's share card from. */
export interface ShareCardInput<Site = unknown> {
  site: Site;
  route: string;
  /** The browser title. */
  title: string;
  /** The page's template. */
  template: string;
  /** The page's fields (a Markdown page's front matter). */
  page: Record<string, unknown>;
}

/** A share card to make: drawn from SVG markup, or cropped from an image of the site; `alt` says what it shows. */
export type ShareCardSpec = { svg: string; alt: string } | { image: string; alt: string };

/** A page's share card as the build made it. */
export interface ShareCard {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** The members of a web app manifest a theme gives; the engine adds `icons`. */
export interface WebAppManifest {
  name: string;
  short_name: string;
  description?: string;
  start_url?: string;
  display?: 'browser' | 'minimal-ui' | 'standalone' | 'fullscreen';
  theme_color: string;
  background_color: string;
  lang?: string;
}

/**
 * Declares a theme (the default export of templates/index.ts). It returns the
 * theme unchanged; it exists so TypeScript checks every template and the
 * rules against the site's own types.
 */
export function defineTheme<Site>(theme: Theme<Site>): Theme<Site> {
  return theme;
}
