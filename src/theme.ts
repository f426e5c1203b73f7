// The contract between the engine and a site's templates.
//
// The engine knows nothing about what a site sells: it loads YAML, validates it
// against the schemas a theme declares, and hands each template typed,
// resolved data. A theme (templates/index.ts) is a plain object of this shape.
import type { ReactElement } from 'react';
import type { TObject } from '@sinclair/typebox';

/** One page template: the shape of its data and the component that renders it. */
export interface PageTemplate<Page = any, Site = any> {
  /**
   * The page's own fields, as an editor writes them. The engine adds the
   * common fields (template, title, description, noindex) itself.
   * Properties with a `default` are optional for the editor and always
   * present for the component.
   */
  schema: TObject;
  /** Renders the whole document from `<html>` down; the engine adds the doctype. */
  component: (props: PageProps<Page, Site>) => ReactElement;
}

/** Everything a template receives. Plain data, already validated and resolved. */
export interface PageProps<Page = unknown, Site = unknown> {
  /** The resolved site.yaml. */
  site: Site;
  /** The resolved page data, common fields included. */
  page: Page & CommonPageFields;
  /** The page's route, e.g. `/residential/panel-upgrades` (`/` for home). */
  route: string;
  /** The absolute canonical URL of the page. */
  canonical: string;
  /** The site's base URL without a trailing slash, e.g. `https://www.example.com`. */
  baseUrl: string;
  /** Bundled assets: public URLs of client scripts and the stylesheet's text. */
  assets: Assets;
  /** Every post, in list order (newest first), for lists and previous/next links. */
  posts: PostSummary[];
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
}

/** A blog post as lists and neighbours see it. */
export interface PostSummary<Front = Record<string, unknown>> {
  /** File name without `.md`. */
  slug: string;
  /** `/blog/<slug>`. */
  route: string;
  /** Validated front matter. */
  front: Front;
  /** Words in the Markdown body. */
  words: number;
}

/** What a post template receives as `page`: its front matter plus the rendered body. */
export interface PostPage<Front = Record<string, unknown>> {
  front: Front;
  slug: string;
  /** The body converted from Markdown to HTML. */
  html: string;
  words: number;
}

/** A theme: the schemas and components of one website. */
export interface Theme {
  /** Schema of site.yaml. It must declare `baseUrl` (string). */
  siteSchema: TObject;
  /** Page templates by the name pages use in `template:`. */
  templates: Record<string, PageTemplate>;
  /**
   * Blog posts: the front matter schema and the template rendering pages/blog/<slug>.md.
   * The engine reads the browser title from `seoTitle` (else `title`) and the meta
   * description from `metaDescription`, and passes them as the common page fields.
   */
  post: { schema: TObject; component: (props: PageProps<PostPage<any>, any>) => ReactElement };
  /**
   * Origins the site's pages need beyond themselves, as Content-Security-Policy
   * directives, e.g. `{ 'form-action': ['https://formsubmit.co'] }`. The engine
   * allows its own origin and the hashes of inlined styles and scripts itself.
   */
  securityPolicy?: (site: any) => Record<string, string[]>;
  /** Client-side assets, paths relative to the project root. */
  client: {
    /** Entry name → TypeScript file, each bundled to `/assets/<name>-<hash>.js`. */
    scripts: Record<string, string>;
    /** The stylesheet entry, bundled, minified and handed to templates as text. */
    stylesheet: string;
  };
}
