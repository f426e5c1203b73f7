// Literal inputs shared by the engine's unit tests: a tiny theme, model entries, parsed-YAML stubs and temporary folders.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createElement, type ReactElement } from 'react';
import { Type, type Static } from '@sinclair/typebox';
import type { MarkdownPage, PageProps, Theme } from 'trn-site/internal/contracts/theme.ts';
import type { MarkdownPageEntry, PageEntry, RedirectEntry, SiteModel } from 'trn-site/internal/contracts/model.ts';
import type { ParsedYaml } from 'trn-site/internal/validate/yaml.ts';
import type { RenderedPage } from 'trn-site/internal/render/render.ts';
import { pageFacts } from 'trn-site/internal/html/page-facts.ts';

// ── Temporary folders ───────────────────────────────────────────────────────

/** A new, empty folder in the system's temporary folder; remove it with {@link removeFolder}. */
export function makeTempFolder(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'site-unit-'));
}

export function removeFolder(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true });
}

/** Writes each `path → text` below `root`, creating folders. */
export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

// ── A tiny theme ────────────────────────────────────────────────────────────

/** A meta description of the length the common page schema asks for (70 to 160 characters). */
export const DESCRIPTION = 'A description long enough for the common page schema, which asks for seventy characters.';

export const siteSchema = Type.Object(
  {
    name: Type.String(),
    baseUrl: Type.String(),
    phone: Type.Optional(Type.Object({ number: Type.String(), display: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type TinySite = Static<typeof siteSchema>;

export const plainSchema = Type.Object({ heading: Type.String({ minLength: 1 }) }, { additionalProperties: false });

export const articleSchema = Type.Object(
  {
    title: Type.String(),
    seoTitle: Type.Optional(Type.String()),
    summary: Type.String(),
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  },
  { additionalProperties: false },
);
export type TinyFront = Static<typeof articleSchema>;

/** A whole document in the shape every template of the tiny theme writes. */
export function documentElement(title: string, canonical: string, ...body: ReactElement[]): ReactElement {
  return createElement(
    'html',
    { lang: 'en' },
    createElement('head', null, createElement('title', null, title), createElement('link', { rel: 'canonical', href: canonical })),
    createElement('body', null, ...body),
  );
}

function PlainPage(props: PageProps<unknown, TinySite>): ReactElement {
  const page = props.page as PageProps<Static<typeof plainSchema>>['page'];
  return documentElement(page.title, props.canonical, createElement('h1', null, page.heading));
}

function ArticlePageComponent(props: PageProps<MarkdownPage<TinyFront>, TinySite>): ReactElement {
  return documentElement(
    props.page.title,
    props.canonical,
    createElement('h1', null, props.page.front.title),
    createElement('article', { dangerouslySetInnerHTML: { __html: props.page.html } }),
  );
}

/**
 * A theme with a YAML page template (`plain`), a Markdown one (`article`, whose pages
 * are the `articles` collection), and one rule on site.yaml: the phone's printed
 * digits must be its number's.
 */
export function tinyTheme(overrides: Partial<Theme<TinySite>> = {}): Theme {
  const theme: Theme<TinySite> = {
    siteSchema,
    templates: {
      plain: { schema: plainSchema, component: PlainPage },
      article: {
        schema: articleSchema,
        component: ArticlePageComponent,
        markdown: { head: { title: ['seoTitle', 'title'], description: 'summary' }, date: 'date' },
      },
    },
    collections: { articles: { template: 'article', description: 'The articles.' } },
    siteRules: (site) =>
      site.phone && site.phone.display.replace(/\D/g, '') !== site.phone.number.replace(/\D/g, '')
        ? [{ path: ['phone', 'display'], message: `"${site.phone.display}" is not ${site.phone.number}`, hint: 'print the number the link dials' }]
        : [],
    client: { scripts: {}, stylesheet: 'style.css' },
    ...overrides,
  };
  return theme as Theme;
}

// ── Model entries ───────────────────────────────────────────────────────────

/** A parsed document for model entries whose positions a test does not look at. */
export function parsedStub(data: unknown = {}): ParsedYaml {
  return { data, diagnostics: [], locate: () => ({ line: 1, column: 1 }), locateKey: () => ({ line: 1, column: 1 }) };
}

export function pageEntry(route: string, fields: Record<string, unknown> = {}, file = `pages${route === '/' ? '/index' : route}.yaml`): PageEntry {
  const data = { template: 'plain', title: `Title of ${route}`, description: DESCRIPTION, noindex: false, heading: `Heading of ${route}`, ...fields };
  const head = { title: data.title, description: data.description, noindex: data.noindex === true, titleField: 'title', descriptionField: 'description' };
  return { file, route, template: String(data.template), data, head, status: 'published', source: parsedStub(data) };
}

/** A Markdown page of the tiny theme's `article` template at `/blog/<slug>`. */
export function articleEntry(slug: string, front: Record<string, unknown>, body = 'Some *words*.'): MarkdownPageEntry {
  const title = String(front.seoTitle ?? front.title ?? slug);
  return {
    file: `pages/blog/${slug}.md`,
    route: `/blog/${slug}`,
    template: 'article',
    data: front,
    body: { text: body, line: 6, words: body.split(/\s+/).filter(Boolean).length },
    head: { title, description: String(front.summary ?? ''), noindex: false, titleField: front.seoTitle ? 'seoTitle' : 'title', descriptionField: 'summary' },
    status: 'published',
    source: parsedStub(front),
  };
}

export function siteModel(parts: Partial<SiteModel> = {}): SiteModel {
  return {
    site: { name: 'Tiny', baseUrl: 'https://www.example.com' },
    siteSource: null,
    pages: [],
    notFound: null,
    collections: {},
    redirects: [],
    statics: [],
    ...parts,
  };
}

/** A redirect rule as validation resolves it, written on line `line` of pages/_redirects.yaml. */
export function redirectEntry(from: string, to: string, options: { line?: number; status?: 301 | 302 | 307 | 308; force?: boolean } = {}): RedirectEntry {
  const line = options.line ?? 2;
  return {
    from,
    to,
    status: options.status ?? 301,
    force: options.force ?? false,
    file: 'pages/_redirects.yaml',
    fields: { from: { line, column: 11 }, to: { line: line + 1, column: 9 } },
  };
}

/** A rendered page as the render stage makes it, with its facts found from `html`. */
export function renderedPage(page: Omit<RenderedPage, 'facts'>): RenderedPage {
  return { ...page, facts: pageFacts(page.html) };
}
