// render(): a literal model through a literal theme: output files, the doctype, the props templates get, Markdown pages' HTML and template failures.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import type { Assets, MarkdownPage, PageProps } from '../contracts/theme.ts';
import { collectMembers } from '../collections/members.ts';
import { render, shardPositions } from './render.ts';
import { documentElement, pageEntry, plainSchema, articleEntry, siteModel, tinyTheme } from '../../tests/helpers/unit.ts';

const assets: Assets = { css: 'body{margin:0}', scripts: { menu: '/assets/menu-ABC123.js' } };

describe('shardPositions', () => {
  it('gives each position to exactly one thread, in runs as long as the weights', () => {
    const weights = [2, 3];
    const owner = (position: number) => [0, 1].filter((index) => shardPositions(12, { index, weights }).includes(position));
    expect(Array.from({ length: 12 }, (_, p) => owner(p))).toEqual([[0], [0], [1], [1], [1], [0], [0], [1], [1], [1], [0], [0]]);
    expect(shardPositions(7, { index: 0, weights: [6] })).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('gives every page not kept to exactly one thread, none kept to any, and shares the others by the weights (generated)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }), fc.array(fc.boolean(), { maxLength: 80 }), (weights, keptAt) => {
        const count = keptAt.length;
        const kept = new Set(keptAt.flatMap((isKept, position) => (isKept ? [position] : [])));
        const shares = weights.map((_, index) => shardPositions(count, { index, weights }, kept));
        const owners = Array.from({ length: count }, (_, p) => shares.flatMap((share, index) => (share.includes(p) ? [index] : [])));
        owners.forEach((owner, p) => expect(owner.length).toBe(kept.has(p) ? 0 : 1));
        // Of the pages to render, each run of sum(weights) gives each thread its weight.
        const total = weights.reduce((a, b) => a + b, 0);
        const rendered = count - kept.size;
        shares.forEach((share, index) => {
          const whole = Math.floor(rendered / total) * weights[index]!;
          expect(share.length).toBeGreaterThanOrEqual(whole);
          expect(share.length).toBeLessThanOrEqual(whole + weights[index]!);
        });
      }),
    );
  });
});

describe('render', () => {
  it('writes / to index.html, /a/b to a/b.html and the not-found route to 404.html, sorted by output file', () => {
    const model = siteModel({
      pages: [pageEntry('/'), pageEntry('/a/b'), pageEntry('/about'), articleEntry('first', { title: 'First', summary: 'S', date: '2024-01-01' })],
      notFound: pageEntry('/404'),
    });
    const { pages, diagnostics } = render(model, tinyTheme(), assets);
    expect(diagnostics).toEqual([]);
    expect(pages.map((p) => [p.output, p.route, p.source, p.template])).toEqual([
      ['404.html', '/404', 'pages/404.yaml', 'plain'],
      ['a/b.html', '/a/b', 'pages/a/b.yaml', 'plain'],
      ['about.html', '/about', 'pages/about.yaml', 'plain'],
      ['blog/first.html', '/blog/first', 'pages/blog/first.md', 'article'],
      ['index.html', '/', 'pages/index.yaml', 'plain'],
    ]);
  });

  it('starts every page with the doctype and renders the whole document', () => {
    const { pages } = render(siteModel({ pages: [pageEntry('/about', { title: 'About us', heading: 'Who we are' })] }), tinyTheme(), assets);
    expect(pages[0]!.html).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>About us</title><link rel="canonical" href="https://www.example.com/about"/></head><body><h1>Who we are</h1></body></html>',
    );
  });

  it('hands a template the site, the page data, the route, the canonical URL, the assets and the collections', () => {
    const received: PageProps[] = [];
    const theme = tinyTheme({
      templates: {
        plain: {
          schema: plainSchema,
          component: (props) => {
            received.push(props as PageProps);
            return documentElement('t', props.canonical);
          },
        },
      },
    });
    const articles = [
      articleEntry('newer', { title: 'Newer', summary: 'S', date: '2024-02-01' }, 'One two three'),
      articleEntry('older', { title: 'Older', summary: 'S', date: '2024-01-01' }),
    ];
    const model = siteModel({
      pages: [pageEntry('/'), pageEntry('/services/panels')],
      collections: collectMembers(articles, { articles: { template: 'article', description: 'The articles.' } }),
    });
    render(model, theme, assets);
    expect(received.map((p) => [p.route, p.canonical])).toEqual([
      ['/', 'https://www.example.com/'],
      ['/services/panels', 'https://www.example.com/services/panels'],
    ]);
    const props = received[1]!;
    expect(props.baseUrl).toBe('https://www.example.com');
    expect(props.site).toEqual({ name: 'Tiny', baseUrl: 'https://www.example.com' });
    expect(props.assets).toEqual(assets);
    expect(props.page).toEqual({
      template: 'plain',
      title: 'Title of /services/panels',
      description: model.pages[1]!.data.description,
      noindex: false,
      heading: 'Heading of /services/panels',
    });
    expect(props.collections).toEqual({
      articles: [
        { route: '/blog/newer', title: 'Newer', data: { title: 'Newer', summary: 'S', date: '2024-02-01' }, words: 3, status: 'published' },
        { route: '/blog/older', title: 'Older', data: { title: 'Older', summary: 'S', date: '2024-01-01' }, words: 2, status: 'published' },
      ],
    });
  });

  it('turns a Markdown page’s body into HTML and gives the page the common fields from its head', () => {
    const received: PageProps<MarkdownPage>[] = [];
    const base = tinyTheme();
    const theme = {
      ...base,
      templates: {
        ...base.templates,
        article: {
          ...base.templates.article!,
          component: (props: PageProps<MarkdownPage>) => {
            received.push(props);
            return documentElement(props.page.title, props.canonical, createElement('article', { dangerouslySetInnerHTML: { __html: props.page.html } }));
          },
        },
      },
    };
    const body = '## Why\n\nPanels *wear out*. See [the guide](/guide).\n\n- one\n- two\n';
    const model = siteModel({
      pages: [articleEntry('panels', { title: 'Panels', seoTitle: 'Panel upgrades', summary: 'When to upgrade', date: '2024-01-01' }, body)],
    });
    const { pages } = render(model, theme, assets);
    const page = received[0]!.page;
    expect(page.html).toBe('<h2>Why</h2>\n<p>Panels <em>wear out</em>. See <a href="/guide">the guide</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n');
    expect(page).toMatchObject({
      template: 'article',
      title: 'Panel upgrades',
      description: 'When to upgrade',
      noindex: false,
      words: 12,
      status: 'published',
    });
    expect(page.front).toEqual({ title: 'Panels', seoTitle: 'Panel upgrades', summary: 'When to upgrade', date: '2024-01-01' });
    expect(received[0]!.canonical).toBe('https://www.example.com/blog/panels');
    expect(pages[0]!.html).toContain('<article><h2>Why</h2>\n<p>Panels <em>wear out</em>.');
  });

  it('reports a template that throws as one render diagnostic naming it, and still renders the other pages', () => {
    const theme = tinyTheme({
      templates: {
        plain: tinyTheme().templates.plain!,
        fragile: {
          schema: plainSchema,
          component: () => {
            throw new Error('no heading to show');
          },
        },
      },
    });
    const model = siteModel({ pages: [pageEntry('/'), pageEntry('/broken', { template: 'fragile' }), pageEntry('/contact')] });
    const { pages, diagnostics } = render(model, theme, assets);
    expect(pages.map((p) => p.output)).toEqual(['contact.html', 'index.html']);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'render',
      severity: 'error',
      file: 'pages/broken.yaml',
      line: 0,
      message: 'the "fragile" template failed: no heading to show',
    });
    expect(diagnostics[0]!.hint).toBeUndefined();
  });

  it('says where in the template the error was thrown, as the theme loader locates it', () => {
    const theme = tinyTheme({
      templates: {
        fragile: {
          schema: plainSchema,
          component: () => {
            throw new Error('no heading to show');
          },
        },
      },
    });
    const stacks: string[] = [];
    const locate = (stack: string) => (stacks.push(stack), { file: 'templates/pages/fragile.tsx', line: 12, column: 11 });
    const { diagnostics } = render(siteModel({ pages: [pageEntry('/broken', { template: 'fragile' })] }), theme, assets, { locate });
    expect(stacks[0]).toMatch(/^Error: no heading to show\n/);
    expect(diagnostics).toEqual([
      {
        file: 'pages/broken.yaml',
        line: 0,
        column: 0,
        path: '',
        severity: 'error',
        code: 'render',
        message: 'the "fragile" template failed: no heading to show',
        hint: "thrown at templates/pages/fragile.tsx:12:11, with this page's data",
        subject: 'templates/pages/fragile.tsx',
      },
    ]);
  });
});
