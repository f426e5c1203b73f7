// orphanPages(): indexable pages (YAML and Markdown) that no other rendered page links to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RenderedPage } from '../render/render.ts';
import { orphanPages } from './orphans.ts';
import { pageFacts } from '../html/page-facts.ts';
import { pageEntry, articleEntry, redirectEntry, renderedPage, siteModel } from '../../tests/helpers/unit.ts';

const rendered = (route: string, html: string, source = `pages${route === '/' ? '/index' : route}.yaml`): RenderedPage =>
  renderedPage({
    route,
    output: `${route.slice(1) || 'index'}.html`,
    source,
    template: 'plain',
    html,
  });

describe('orphanPages', () => {
  const model = siteModel({
    pages: [
      pageEntry('/'),
      pageEntry('/about'),
      pageEntry('/hidden'),
      pageEntry('/thanks', { noindex: true }),
      pageEntry('/moved-here'),
      articleEntry('first', { title: 'First' }),
    ],
    redirects: [redirectEntry('/old', '/moved-here')],
  });

  it('warns once per page no other page links to, at its title; home and noindex pages are exempt', () => {
    const pages = [
      rendered('/', '<a href="/about">a</a><a href="/old/">moved</a><link rel="canonical" href="/">'),
      rendered('/about', '<a href="/about#team">self</a><a href="/blog/first?ref=x">article</a>'),
      rendered('/hidden', '<a href="/hidden">only itself</a><form action="/thanks"></form>'),
    ];
    expect(orphanPages(model, pages).map((d) => [d.code, d.file, d.path, d.severity])).toEqual([['orphan-page', 'pages/hidden.yaml', 'title', 'warning']]);
  });

  it('counts only links, not form actions or images, and not a page linking to itself', () => {
    const pages = [rendered('/', '<img src="/about"><form action="/hidden"></form>'), rendered('/about', '<a href="/about">me</a>')];
    expect(orphanPages(model, pages).map((d) => d.file)).toEqual(['pages/about.yaml', 'pages/hidden.yaml', 'pages/moved-here.yaml', 'pages/blog/first.md']);
  });

  it('finds, for generated pages whose groups of links are shared by several pages, the orphans the plain definition finds', () => {
    const routes = ['/', '/about', '/hidden', '/thanks', '/moved-here', '/blog/first'];
    const path = fc.constantFrom(...routes, '/old', '/nowhere');
    fc.assert(
      fc.property(
        fc.array(
          fc.uniqueArray(path, { maxLength: 4 }).map((paths) => new Set(paths)),
          { minLength: 1, maxLength: 5 },
        ),
        fc.uniqueArray(fc.tuple(fc.constantFrom(...routes), fc.array(fc.nat(), { maxLength: 4 })), { selector: ([route]) => route, minLength: 1 }),
        (groups, shows) => {
          // Each page shows some of the groups, by identity, as shared blocks do.
          const pages = shows.map(([route, picks]) => ({ route, facts: { ...pageFacts(''), linkedPaths: picks.map((i) => groups[i % groups.length]!) } }));
          const through = (p: string) => (p === '/old' ? '/moved-here' : p);
          const linkedByOthers = new Set(pages.flatMap((page) => page.facts.linkedPaths.flatMap((g) => [...g].map(through).filter((t) => t !== page.route))));
          const expected = model.pages.filter((p) => !p.head.noindex && p.route !== '/' && !linkedByOthers.has(p.route)).map((p) => p.file);
          expect(orphanPages(model, pages).map((d) => d.file)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
