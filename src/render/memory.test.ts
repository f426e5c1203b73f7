// Which pages a change re-renders: the dependency graph of the dev server, from
// literal models. A page depends on its own data, on what every page is handed,
// and on the collections (the articles among them) it read while rendering; nothing else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import type { Assets, Theme } from '../contracts/theme.ts';
import type { Member } from '../collections/query.ts';
import { planRender, render } from './render.ts';
import { allPages } from '../contracts/model.ts';
import { outputFileFor } from '../url.ts';
import { isStale } from './memory.ts';
import { collectMembers } from '../collections/members.ts';
import { documentElement, pageEntry, plainSchema, articleEntry, siteModel, tinyTheme } from '../../tests/helpers/unit.ts';

const assets: Assets = { css: 'body{margin:0}', scripts: { menu: '/assets/menu-A.js', faq: '/assets/faq-A.js' } };
const place = (route: string, label: string): Member => ({ route, title: label, data: { label }, status: 'published' });

/** A theme whose `list` pages read the places collection and the stylesheet, whose `blog` page reads the articles collection and the menu script, and whose `plain` pages read none of these. */
function readingTheme(): Theme {
  return tinyTheme({
    templates: {
      article: tinyTheme().templates.article!,
      plain: { schema: plainSchema, component: ({ page }) => documentElement(String(page.title), '') },
      list: {
        schema: plainSchema,
        component: ({ page, collections, assets: { css } }) =>
          documentElement(
            String(page.title),
            '',
            createElement('style', null, css),
            createElement('ul', null, ...(collections.places ?? []).map((m) => createElement('li', { key: m.route }, String(m.data.label)))),
          ),
      },
      blog: {
        schema: plainSchema,
        component: ({ page, collections, assets: { scripts } }) =>
          documentElement(
            String(page.title),
            '',
            createElement('p', null, `${collections.articles?.length} articles`),
            createElement('script', { src: scripts.menu }),
          ),
      },
    },
  });
}

function model(parts: { about?: string; places?: Member[]; articles?: number } = {}) {
  const articles = Array.from({ length: parts.articles ?? 1 }, (_, i) => articleEntry(`p${i}`, { title: `Article ${i}`, summary: 'S', date: '2024-01-01' }));
  return siteModel({
    pages: [
      { ...pageEntry('/about', { title: parts.about ?? 'About' }), template: 'plain' },
      { ...pageEntry('/areas', { title: 'Areas' }), template: 'list' },
      { ...pageEntry('/blog', { title: 'Blog' }), template: 'blog' },
      ...articles,
    ],
    collections: {
      places: parts.places ?? [place('/gta/ajax', 'Ajax')],
      ...collectMembers(articles, { articles: { template: 'article', description: 'The articles.' } }),
    },
  });
}

describe('what a rebuild renders again', () => {
  const theme = readingTheme();
  const first = render(model(), theme, assets);

  it('renders everything the first time', () => {
    expect(first.renderedRoutes.sort()).toEqual(['/about', '/areas', '/blog', '/blog/p0']);
  });

  it('renders nothing when nothing changed, and hands back the very same pages', () => {
    const again = render(model(), theme, assets, { memory: first.memory });
    expect(again.renderedRoutes).toEqual([]);
    expect(again.pages).toEqual(first.pages);
    expect(again.pages[0]).toBe(first.pages[0]);
  });

  it('renders a page whose own data changed, and no other', () => {
    const again = render(model({ about: 'About us' }), theme, assets, { memory: first.memory });
    expect(again.renderedRoutes).toEqual(['/about']);
    expect(again.pages.find((p) => p.route === '/about')!.html).toContain('<title>About us</title>');
  });

  it('renders a page whose share card changed, though its data did not (a card is also set in the machine’s fonts), and no other', () => {
    const card = (key: string) => ({ src: `/assets/share/about-${key}.png`, width: 1200, height: 630, alt: 'About' });
    const withCard = (key: string) => ({ ...model(), shareCards: { '/about': card(key) } });
    const carded = render(withCard('aaaaaaaaaa'), theme, assets, { memory: first.memory });
    expect(carded.renderedRoutes).toEqual(['/about']);
    expect(render(withCard('aaaaaaaaaa'), theme, assets, { memory: carded.memory }).renderedRoutes).toEqual([]);
    expect(render(withCard('bbbbbbbbbb'), theme, assets, { memory: carded.memory }).renderedRoutes).toEqual(['/about']);
    expect(render(model(), theme, assets, { memory: carded.memory }).renderedRoutes).toEqual(['/about']);
  });

  it('renders the pages that read a collection when a member changes, not the others', () => {
    const again = render(model({ places: [place('/gta/ajax', 'Ajax'), place('/gta/whitby', 'Whitby')] }), theme, assets, { memory: first.memory });
    expect(again.renderedRoutes).toEqual(['/areas']);
    expect(again.pages.find((p) => p.route === '/areas')!.html).toContain('<li>Whitby</li>');
  });

  it('renders the pages that read the articles when an article is added, and the new article', () => {
    const again = render(model({ articles: 2 }), theme, assets, { memory: first.memory });
    expect(again.renderedRoutes.sort()).toEqual(['/blog', '/blog/p1']);
  });

  it('renders the pages that inline the stylesheet when it changes, and the pages that load a script when its bundle does', () => {
    expect(render(model(), theme, { ...assets, css: 'body{margin:1px}' }, { memory: first.memory }).renderedRoutes).toEqual(['/areas']);
    expect(render(model(), theme, { ...assets, scripts: { ...assets.scripts, menu: '/assets/menu-B.js' } }, { memory: first.memory }).renderedRoutes).toEqual([
      '/blog',
    ]);
    expect(render(model(), theme, { ...assets, scripts: { ...assets.scripts, faq: '/assets/faq-B.js' } }, { memory: first.memory }).renderedRoutes).toEqual([]);
  });

  it('renders every page when the site or the set of scripts changes, or the theme is another', () => {
    const site = model();
    site.site = { ...site.site, name: 'Renamed' };
    expect(render(site, theme, assets, { memory: first.memory }).renderedRoutes).toHaveLength(4);
    expect(
      render(model(), theme, { ...assets, scripts: { ...assets.scripts, carousel: '/assets/carousel-A.js' } }, { memory: first.memory }).renderedRoutes,
    ).toHaveLength(4);
    expect(render(model(), readingTheme(), assets, { memory: first.memory }).renderedRoutes).toHaveLength(4);
  });

  it('renders again a page whose template failed, once its input changes, and keeps its problem until then', () => {
    let fail = true;
    const flaky = tinyTheme({
      templates: {
        plain: {
          schema: plainSchema,
          component: ({ page }) => {
            if (fail) throw new Error('boom');
            return documentElement(String(page.title), '');
          },
        },
      },
    });
    const broken = render(siteModel({ pages: [pageEntry('/about')] }), flaky, assets);
    expect(broken.diagnostics.map((d) => d.code)).toEqual(['render']);
    const still = render(siteModel({ pages: [pageEntry('/about')] }), flaky, assets, { memory: broken.memory });
    expect([still.renderedRoutes, still.diagnostics.map((d) => d.code)]).toEqual([[], ['render']]);
    fail = false;
    const fixed = render(siteModel({ pages: [pageEntry('/about', { title: 'Fixed' })] }), flaky, assets, { memory: broken.memory });
    expect([fixed.renderedRoutes, fixed.diagnostics]).toEqual([['/about'], []]);
  });
});

describe('isStale', () => {
  const record = { page: null, diagnostics: [], own: 'o', global: 'g', reads: { 'collection:articles': 'p1' } };
  it('is fresh when the own data, the shared inputs and each part read are as they were', () => {
    expect(isStale(record, 'o', { global: 'g', reads: { 'collection:articles': 'p1', 'collection:places': 'c2' } })).toBe(false);
  });
  it('is stale when any of them moved, or a part it read is gone', () => {
    expect(isStale(record, 'o2', { global: 'g', reads: { 'collection:articles': 'p1' } })).toBe(true);
    expect(isStale(record, 'o', { global: 'g2', reads: { 'collection:articles': 'p1' } })).toBe(true);
    expect(isStale(record, 'o', { global: 'g', reads: { 'collection:articles': 'p2' } })).toBe(true);
    expect(isStale(record, 'o', { global: 'g', reads: {} })).toBe(true);
  });
});

describe('a render planned for several threads', () => {
  const theme = readingTheme();
  it('renders each page the plan cannot take exactly once across the shares, takes the others in share 0, and gives back every page (generated)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.func(fc.boolean()),
        fc.func(fc.boolean()),
        (articles, others, takeable, takes) => {
          const site = model({ articles });
          const first = render(site, theme, assets, { digests: true });
          // As read back from the cache folder: without HTML.
          const records = new Map([...first.memory.records].map(([output, r]) => [output, { ...r, page: { ...r.page!, html: '' }, fromCache: true as const }]));
          const canTake = (page: { output: string }) => takeable(page.output);
          const taken = (page: { output: string }) => canTake(page) && takes(page.output);
          const plan = planRender(site, assets, { memory: { theme, records }, theme, takeable: canTake });
          // Only pages whose file can be taken are planned as taken: the others are shared out.
          const outputs = allPages(site).map((entry) => outputFileFor(entry.route));
          expect([...plan.taken].sort((a, b) => a - b)).toEqual(outputs.flatMap((output, position) => (canTake({ output }) ? [position] : [])));
          const weights = [1, ...Array.from({ length: others }, () => 2)];
          const shares = weights.map((_, index) =>
            render(site, theme, assets, {
              ...{ shard: { index, weights }, digests: true },
              plan: index === 0 ? plan : { ...plan, records: new Map() },
              takeFromCache: (page) => index === 0 && taken(page),
            }),
          );
          const back = shares.flatMap((share) => share.pages).sort((a, b) => (a.output < b.output ? -1 : 1));
          expect(back.map((p) => p.output)).toEqual(first.pages.map((p) => p.output));
          const renderedAgain = shares.flatMap((share) => share.renderedRoutes).sort();
          expect(renderedAgain).toEqual(
            first.pages
              .filter((page) => !taken(page))
              .map((page) => page.route)
              .sort(),
          );
          // A page the plan took but whose file was gone is rendered by share 0, as it would have been.
          for (const page of back) if (!taken(page)) expect(page.html).toBe(first.pages.find((p) => p.output === page.output)!.html);
        },
      ),
    );
  });
});

describe('a page whose file is renamed, its route kept', () => {
  it('names the file it came from now, whichever pages were renamed and whether their records were kept in memory or in the cache folder (generated)', () => {
    const theme = readingTheme();
    const routes = ['/about', '/areas', '/blog', '/gta/ajax'];
    // The other files that serve a route: `.yml`, or the folder's index.
    const files = (route: string) => [`pages${route}.yaml`, `pages${route}.yml`, `pages${route}/index.yaml`];
    const site = (named: number[]) => siteModel({ pages: routes.map((route, i) => pageEntry(route, {}, files(route)[named[i]!]!)) });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (before, after, fromCache) => {
          const first = render(site(before), theme, assets, { digests: true });
          const records = fromCache
            ? new Map([...first.memory.records].map(([output, r]) => [output, { ...r, page: { ...r.page!, html: '' }, fromCache: true as const }]))
            : first.memory.records;
          const again = render(site(after), theme, assets, { memory: { theme, records }, takeFromCache: () => true });
          const now = site(after).pages;
          for (const page of again.pages) expect(page.source).toBe(now.find((entry) => entry.route === page.route)!.file);
        },
      ),
    );
  });
});
