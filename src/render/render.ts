// The render stage (see the steps in src/build.ts): every page through its template with React's
// renderToStaticMarkup. Pure: resolved data in, HTML text out, so it can later
// run on worker threads and per changed page.
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { marked } from 'marked';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { PageEntry, PostEntry, SiteModel } from '../contracts/model.ts';
import { canonicalUrl, outputFileFor } from '../url.ts';
import type { Assets, PageProps, PostPage, PostSummary, Theme } from '../contracts/theme.ts';

/** A rendered page: where it goes and which content file it came from. */
export interface RenderedPage {
  route: string;
  /** Path inside dist/, e.g. `gta/vaughan.html`. */
  output: string;
  /** The content file that produced it, for diagnostics. */
  source: string;
  /** The template that rendered it (`post` for posts). */
  template: string;
  html: string;
}

/** A place in a project file, 1-based. */
export interface TemplatePosition {
  file: string;
  line: number;
  column: number;
}

export interface RenderOptions {
  /**
   * Where in the theme's own files a stack trace was thrown, for the diagnostic of a template
   * that fails. The theme loader's (src/load/theme-frames.ts) maps the theme bundle's frames.
   */
  locate?: (stack: string) => TemplatePosition | undefined;
}

export function render(model: SiteModel, theme: Theme, assets: Assets, options: RenderOptions = {}): { pages: RenderedPage[]; diagnostics: Diagnostic[] } {
  const pages: RenderedPage[] = [];
  const diagnostics: Diagnostic[] = [];
  const posts: PostSummary[] = model.posts.map(({ slug, route, front, words, status }) => ({ slug, route, front, words, status }));
  const shared = { site: model.site, baseUrl: model.site.baseUrl, assets, posts, collections: model.collections };

  const renderOne = (source: string, route: string, templateName: string, element: () => ReactElement) => {
    try {
      const html = '<!DOCTYPE html>' + renderToStaticMarkup(element());
      pages.push({ route, output: outputFileFor(route), source, template: templateName, html });
    } catch (error) {
      // A broken page never ships: the build fails naming the page, the template, the cause and
      // where in the template it was thrown (the subject, so `check <template file>` finds it).
      const at = error instanceof Error && error.stack ? options.locate?.(error.stack) : undefined;
      diagnostics.push(diagnostic('render', { file: source, ...(at ? { subject: at.file } : {}) }, {
        template: templateName,
        error: error instanceof Error ? error.message : String(error),
        ...(at ? { at: `${at.file}:${at.line}:${at.column}` } : {}),
      }));
    }
  };

  for (const page of [...model.pages, ...(model.notFound ? [model.notFound] : [])]) {
    const template = theme.templates[page.template]!;
    renderOne(page.file, page.route, page.template, () => createElement(template.component, pageProps(page, shared)));
  }
  for (const post of model.posts) {
    renderOne(post.file, post.route, 'post', () => createElement(theme.post.component, postProps(post, shared)));
  }
  pages.sort((a, b) => (a.output < b.output ? -1 : 1));
  return { pages, diagnostics };
}

type Shared = Omit<PageProps, 'page' | 'route' | 'canonical'>;

function pageProps(page: PageEntry, shared: Shared): PageProps<Record<string, unknown>> {
  return { ...shared, page: page.data, route: page.route, canonical: canonicalUrl(shared.baseUrl, page.route) };
}

function postProps(post: PostEntry, shared: Shared): PageProps<PostPage> {
  const html = marked.parse(post.body, { async: false, gfm: true });
  const page = { front: post.front, slug: post.slug, html, words: post.words, status: post.status };
  // The post template gets the common fields too, so shared head components work unchanged.
  const common = { template: 'post', title: post.head.title, description: post.head.description, noindex: false };
  return { ...shared, page: { ...page, ...common }, route: post.route, canonical: canonicalUrl(shared.baseUrl, post.route) };
}
